//! The words of the analysis's panel: said only by its code, split off, so they come with it.

use crate::i18n::Words;

/// What the analysis's panel says: its heading, its progress and stop; the first side's chance
/// in the position shown and over the game; the best line; a player's accuracy and what it
/// means; a proven position's or a Connect Four column's exact value; a new game from a position.
pub struct AnalysisWords {
    pub analysis: &'static str,
    pub positions_analysed: &'static str,
    pub stop_analysis: &'static str,
    pub chance: fn(&str, u32) -> String,
    pub chance_graph: &'static str,
    pub best_line: &'static str,
    pub accuracy: fn(&str, Option<u32>) -> String,
    pub accuracy_what: &'static str,
    pub accuracy_means: &'static str,
    pub wins_in: fn(u32) -> String,
    pub loses_in: fn(u32) -> String,
    pub draw_value: &'static str,
    /// A proven position's value: the side to move, its word (`win`, `loss`, `draw`), plies.
    pub proven: fn(&str, &str, u32) -> String,
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
        accuracy_what: "準確度的意思",
        accuracy_means: "每個局面的評分換算成勝率。一步的準確度是走棋方保住了多少勝率：最佳著法為 100%，\
            失去越多越低（lichess 的公式）。已看出或已解出勝負的局面，勝得越近越穩：拖延取勝或加速落敗同樣扣分。\
            全局的準確度是各步的平均，局勢起伏大的步份量較重。?! 表示失去 5 個百分點的勝率，? 為 10，\
            ?? 為 15，或丟掉了勝局或和局。",
        wins_in: |plies| format!("{plies} 步內勝"),
        loses_in: |plies| format!("{plies} 步內負"),
        draw_value: "和棋",
        proven: |side, word, plies| match word {
            "win" => format!("已證明：{side} {plies} 步內勝"),
            "loss" => format!("已證明：{side} {plies} 步內負"),
            _ => "已證明：和棋".to_owned(),
        },
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
        accuracy_what: "What accuracy means",
        accuracy_means: "Each position's score becomes a chance of winning. A turn's accuracy is how much of its \
            player's chance it kept: 100% for the best turn, less the more it gave away (lichess's formula). Where \
            a win is seen or solved, a nearer one is surer: winning later, or losing sooner, costs too. A player's \
            accuracy averages their turns, those where the game swung weighing most. ?! marks a turn that gave \
            away 5 points of chance, ? 10, ?? 15 or a won or drawn result.",
        wins_in: |plies| format!("wins in {plies}"),
        loses_in: |plies| format!("loses in {plies}"),
        draw_value: "draw",
        proven: |side, word, plies| match word {
            "win" => format!("Proven: {side} wins in {plies}"),
            "loss" => format!("Proven: {side} loses in {plies}"),
            _ => "Proven: a draw".to_owned(),
        },
        continue_computer: "Play on against the computer",
        continue_hotseat: "Play on with a friend",
    },
};
