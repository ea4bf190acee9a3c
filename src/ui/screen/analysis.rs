//! The analysis beside the board: Analyse and its progress, the first side's chance in the
//! position shown (the bar) and over the game (the graph, whose points show their position),
//! the best line (each turn plays it out on the board), Connect Four's columns' exact values,
//! each player's judgements and accuracy, and a new game from the position shown.

use super::{Control, ReviewStep};
use crate::i18n::{GameText, Side};
use wasm_bindgen::JsCast;
use yew::prelude::*;

#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisPanel {
    /// `running`, `done` or `cancelled` (some positions analysed); `None` before any.
    pub state: Option<&'static str>,
    pub can_analyse: bool,
    /// Positions analysed, of all.
    pub done: usize,
    pub total: usize,
    /// The sides, the first player's first.
    pub sides: [Side; 2],
    /// The first player's chance in each position analysed (or evaluated by a record).
    pub chances: Vec<f64>,
    /// The position shown: after this many turns.
    pub shown: usize,
    /// The best line from the position shown, and how many of its turns are played out.
    pub pv: Vec<String>,
    pub preview: usize,
    /// Connect Four: each column's value for the side to move (its word and turns to the
    /// end), `None` where unknown or full.
    pub columns: Vec<Option<(&'static str, u32)>>,
    /// Each player's inaccuracies, mistakes and blunders, and accuracy.
    pub counts: [[usize; 3]; 2],
    pub accuracy: [Option<f64>; 2],
    pub can_continue: bool,
    /// What draws it: code split off a game's binary with the rest of the analysis.
    pub draw: Draw,
}

/// What draws the panel ([`analysis_panel`], the one there is).
#[derive(Clone, Copy)]
pub struct Draw(pub fn(AnalysisProps<'_>) -> Html);

impl PartialEq for Draw {
    fn eq(&self, _: &Draw) -> bool {
        true
    }
}

impl std::fmt::Debug for Draw {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Draw")
    }
}

pub struct AnalysisProps<'a> {
    pub text: &'static GameText,
    pub panel: &'a AnalysisPanel,
    /// Analyse is offered here (not while the result, which offers it, is shown).
    pub offer: bool,
    pub on_control: &'a Callback<Control>,
}

/// The graph's size and margin, in its own units (whole numbers: the page carries no float
/// formatting).
const WIDTH: usize = 400;
const HEIGHT: usize = 120;
const MARGIN: usize = 8;

/// GameText for HTML: `&`, `<`, `>` and `"` escaped.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The panel as HTML text: written as a string rather than as Yew's markup, whose every
/// element and attribute is code in each game's binary (the panel's markup cost a game's
/// first load about 3 KB brotli more that way). Its buttons and points are told apart by
/// their attributes in one click handler ([`control_of`]).
pub fn markup(text: &GameText, panel: &AnalysisPanel, offer: bool) -> String {
    let mut html = String::new();
    let side = |side: Side| escaped((text.side)(side));
    let button =
        |action: &str, label: &str| format!("<button data-action=\"{action}\">{}</button>", escaped(label));
    if offer && panel.can_analyse {
        html +=
            &format!("<button data-action=\"analyse\" class=\"primary\">{}</button>", escaped(text.analyse));
    }
    if panel.state.is_some() {
        html += &format!(
            "<div class=\"analysis-progress\"><progress data-analysis-progress value=\"{}\" max=\"{}\" aria-label=\"{}\"></progress>{}</div>",
            panel.done,
            panel.total,
            escaped(text.positions_analysed),
            if panel.state == Some("running") {
                button("cancel-analysis", text.stop_analysis)
            } else {
                String::new()
            },
        );
    }
    let first = panel.sides[0];
    if let Some(chance) = panel.chances.get(panel.shown).map(|c| c.round() as u32) {
        let said = escaped(&(text.chance)((text.side)(first), chance));
        html += &format!(
            "<div class=\"eval-bar\" data-eval-bar data-side=\"{0}\" data-chance=\"{chance}\" role=\"img\" aria-label=\"{said}\" title=\"{said}\"><span class=\"{0}\" style=\"width:{chance}%\"></span></div>",
            first.attr()
        );
    }
    if panel.chances.len() > 1 {
        let last = panel.chances.len() - 1;
        let point = |i: usize, c: f64| {
            let y = ((100.0 - c) * (HEIGHT - 2 * MARGIN) as f64 / 100.0).round() as usize;
            (MARGIN + i * (WIDTH - 2 * MARGIN) / last, MARGIN + y)
        };
        let mut line = String::new();
        let mut points = String::new();
        for (i, &c) in panel.chances.iter().enumerate() {
            let (x, y) = point(i, c);
            line += &format!("{x},{y} ");
            let shown = if i == panel.shown { " class=\"shown\"" } else { "" };
            points += &format!("<circle data-ply=\"{i}\" cx=\"{x}\" cy=\"{y}\"{shown}></circle>");
        }
        html += &format!(
            "<svg data-eval-graph class=\"eval-graph\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" role=\"img\" aria-label=\"{}\"><line x1=\"0\" y1=\"{half}\" x2=\"{WIDTH}\" y2=\"{half}\"></line><polyline points=\"{line}\"></polyline>{points}</svg>",
            escaped(text.chance_graph),
            half = HEIGHT / 2,
        );
    }
    if !panel.pv.is_empty() {
        html += &format!("<p data-pv class=\"pv\"><span>{}</span>", escaped(text.best_line));
        for (i, turn) in panel.pv.iter().enumerate() {
            html += &format!(
                "<button data-pv-move=\"{}\" aria-pressed=\"{}\">{}</button>",
                i + 1,
                i < panel.preview,
                escaped(turn)
            );
        }
        if panel.preview > 0 {
            let back = escaped(text.end_preview);
            html += &format!(
                "<button data-action=\"end-preview\" aria-label=\"{back}\" title=\"{back}\">↺</button>"
            );
        }
        html += "</p>";
    }
    if !panel.columns.is_empty() {
        html += "<ol class=\"column-values\">";
        for (x, value) in panel.columns.iter().enumerate() {
            html += &match *value {
                Some((word, plies)) => {
                    let words = match word {
                        "win" => (text.wins_in)(plies),
                        "loss" => (text.loses_in)(plies),
                        _ => text.draw_value.to_owned(),
                    };
                    format!(
                        "<li data-column-value data-x=\"{x}\" data-value=\"{word}\" data-plies=\"{plies}\"><b>{}</b>{}</li>",
                        x + 1,
                        escaped(&words)
                    )
                }
                None => format!("<li><b>{}</b>—</li>", x + 1),
            };
        }
        html += "</ol>";
    }
    if !panel.chances.is_empty() {
        html += "<div class=\"judgements\">";
        for (p, &player) in panel.sides.iter().enumerate() {
            let [inaccuracy, mistake, blunder] = panel.counts[p];
            let accuracy = panel.accuracy[p].map(|a| a.round() as u32);
            html += &format!(
                "<p data-judgements=\"{0}\" data-inaccuracy=\"{inaccuracy}\" data-mistake=\"{mistake}\" data-blunder=\"{blunder}\"{1}><span class=\"dot {0}\"></span>{2} · ?! {inaccuracy} · ? {mistake} · ?? {blunder}</p>",
                player.attr(),
                accuracy.map(|a| format!(" data-accuracy=\"{a}\"")).unwrap_or_default(),
                escaped(&(text.accuracy)(&side(player), accuracy)),
            );
        }
        html += "</div>";
    }
    if panel.can_continue {
        html += &format!(
            "<div class=\"play-on\">{}{}</div>",
            button("continue-computer", text.continue_computer),
            button("continue-hotseat", text.continue_hotseat)
        );
    }
    html
}

/// The control a click in the panel asks for: by the `data-` attributes of the button or
/// point it was on.
fn control_of(target: &web_sys::Element) -> Option<Control> {
    let hit = target.closest("[data-ply], [data-pv-move], button[data-action]").ok()??;
    let number = |name: &str| hit.get_attribute(name)?.parse::<usize>().ok();
    if let Some(ply) = number("data-ply") {
        return Some(Control::Review(ReviewStep::To(ply)));
    }
    if let Some(turns) = number("data-pv-move") {
        return Some(Control::Preview(turns));
    }
    Some(match hit.get_attribute("data-action")?.as_str() {
        "analyse" => Control::Analyse,
        "cancel-analysis" => Control::CancelAnalysis,
        "end-preview" => Control::Preview(0),
        "continue-computer" => Control::Continue(true),
        "continue-hotseat" => Control::Continue(false),
        _ => return None,
    })
}

pub fn analysis_panel(props: AnalysisProps) -> Html {
    let (text, panel) = (props.text, props.panel);
    let on_control = props.on_control.clone();
    let onclick = Callback::from(move |event: MouseEvent| {
        let target = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        if let Some(control) = target.as_ref().and_then(control_of) {
            on_control.emit(control);
        }
    });
    let markup = markup(text, panel, props.offer);
    // Nothing to show yet (a game just over, whose result offers Analyse): no empty box.
    if markup.is_empty() {
        return Html::default();
    }
    let inner = Html::from_html_unchecked(markup.into());
    html! {
        <section class="analysis" data-analysis={panel.state.map(|_| "")} data-state={panel.state}
            aria-label={text.analysis} {onclick}>{ inner }</section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn the_panel_says_the_analysis_in_its_attributes() {
        let panel = AnalysisPanel {
            state: Some("running"),
            can_analyse: false,
            done: 3,
            total: 5,
            sides: [Side::Red, Side::Yellow],
            chances: vec![50.0, 62.4, 100.0],
            shown: 1,
            pv: vec!["4".into(), "<3>".into()],
            preview: 1,
            columns: vec![Some(("win", 7)), None, Some(("draw", 30)), Some(("loss", 2))],
            counts: [[1, 0, 0], [0, 0, 1]],
            accuracy: [Some(91.6), None],
            can_continue: true,
            draw: Draw(analysis_panel),
        };
        let html = markup(Lang::En.game_text(), &panel, true);
        for part in [
            "<progress data-analysis-progress value=\"3\" max=\"5\"",
            "data-action=\"cancel-analysis\"",
            "data-eval-bar data-side=\"red\" data-chance=\"62\"",
            "<circle data-ply=\"1\" cx=\"200\" cy=\"47\" class=\"shown\">",
            "<circle data-ply=\"2\" cx=\"392\" cy=\"8\">",
            "<button data-pv-move=\"1\" aria-pressed=\"true\">4</button>",
            "<button data-pv-move=\"2\" aria-pressed=\"false\">&lt;3&gt;</button>",
            "data-action=\"end-preview\"",
            "data-column-value data-x=\"0\" data-value=\"win\" data-plies=\"7\"><b>1</b>wins in 7</li>",
            "<li><b>2</b>—</li>",
            "data-x=\"3\" data-value=\"loss\" data-plies=\"2\"><b>4</b>loses in 2",
            "data-judgements=\"red\" data-inaccuracy=\"1\" data-mistake=\"0\" data-blunder=\"0\" data-accuracy=\"92\"",
            "data-judgements=\"yellow\" data-inaccuracy=\"0\" data-mistake=\"0\" data-blunder=\"1\"><span",
            "data-action=\"continue-computer\"",
            "data-action=\"continue-hotseat\"",
        ] {
            assert!(html.contains(part), "{part} not in {html}");
        }
        // Nothing to analyse while it runs; Analyse offered once it can be.
        assert!(!html.contains("data-action=\"analyse\""));
        let idle = AnalysisPanel { state: None, can_analyse: true, chances: vec![], pv: vec![], ..panel };
        let html = markup(Lang::ZhHant.game_text(), &idle, true);
        assert!(html.contains("data-action=\"analyse\" class=\"primary\">分析對局</button>"), "{html}");
        assert!(!html.contains("progress") && !html.contains("data-eval-bar"));
        assert!(!markup(Lang::En.game_text(), &idle, false).contains("data-action=\"analyse\""));
    }
}
