//! The words of the analysis's panel: said only by its code, split off, so they come with it.

use crate::i18n::Words;

/// What the analysis's panel says: its heading, its progress and stop; the first side's chance
/// in the position shown and over the game; the best line; a player's accuracy; a Connect Four
/// column's exact value; a new game from a position.
pub struct AnalysisWords {
    pub analysis: &'static str,
    pub positions_analysed: &'static str,
    pub stop_analysis: &'static str,
    pub chance: fn(&str, u32) -> String,
    pub chance_graph: &'static str,
    pub best_line: &'static str,
    pub accuracy: fn(&str, Option<u32>) -> String,
    pub wins_in: fn(u32) -> String,
    pub loses_in: fn(u32) -> String,
    pub draw_value: &'static str,
    pub continue_computer: &'static str,
    pub continue_hotseat: &'static str,
}

pub static ANALYSIS_WORDS: Words<AnalysisWords> = Words {
    zh_hant: AnalysisWords {
        analysis: "分析",
        positions_analysed: "已分析的局面",
        stop_analysis: "停止",
        chance: |side, chance| format!("{side}勝率：{chance}%"),
        chance_graph: "先手方在全局的勝率",
        best_line: "最佳著法",
        accuracy: |side, accuracy| match accuracy {
            Some(accuracy) => format!("{side}：準確度 {accuracy}%"),
            None => side.to_owned(),
        },
        wins_in: |plies| format!("{plies} 步內勝"),
        loses_in: |plies| format!("{plies} 步內負"),
        draw_value: "和棋",
        continue_computer: "由此與電腦續下",
        continue_hotseat: "由此與朋友續下",
    },
    en: AnalysisWords {
        analysis: "Analysis",
        positions_analysed: "Positions analysed",
        stop_analysis: "Stop",
        chance: |side, chance| format!("{side}'s chance of winning: {chance}%"),
        chance_graph: "The first side's chance of winning over the game",
        best_line: "Best line",
        accuracy: |side, accuracy| match accuracy {
            Some(accuracy) => format!("{side}: {accuracy}% accuracy"),
            None => side.to_owned(),
        },
        wins_in: |plies| format!("wins in {plies}"),
        loses_in: |plies| format!("loses in {plies}"),
        draw_value: "draw",
        continue_computer: "Play on against the computer",
        continue_hotseat: "Play on with a friend",
    },
};
