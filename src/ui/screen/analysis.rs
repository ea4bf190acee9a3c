//! The analysis beside the board: Analyse and its progress, the first side's chance in the
//! position shown (the bar) and over the game (the graph, whose points show their position),
//! the best line (each turn plays it out on the board), Connect Four's columns' exact values,
//! each player's judgements and accuracy, and a new game from the position shown.

use super::{Control, ReviewStep, emit};
use crate::i18n::{Side, Text};
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
}

pub struct AnalysisProps<'a> {
    pub text: &'static Text,
    pub panel: &'a AnalysisPanel,
    /// Analyse is offered here (not while the result, which offers it, is shown).
    pub offer: bool,
    pub on_control: &'a Callback<Control>,
}

/// The graph's size, in its own units (whole numbers: the page carries no float formatting).
const WIDTH: usize = 400;
const HEIGHT: usize = 120;

pub fn analysis_panel(props: AnalysisProps) -> Html {
    let (text, panel, on_control) = (props.text, props.panel, props.on_control);
    let first = panel.sides[0];
    let chance = panel.chances.get(panel.shown).map(|c| c.round() as u32);
    let last = panel.chances.len().max(2) - 1;
    let point = |i: usize, c: f64| (i * WIDTH / last, HEIGHT - (c * HEIGHT as f64 / 100.0).round() as usize);
    let line: String = panel
        .chances
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let (x, y) = point(i, c);
            format!("{x},{y} ")
        })
        .collect();
    let points = panel.chances.iter().enumerate().map(|(i, &c)| {
        let (x, y) = point(i, c);
        html! {
            <circle data-ply={i.to_string()} cx={x.to_string()} cy={y.to_string()}
                class={(i == panel.shown).then_some("shown")}
                onclick={emit(on_control, Control::Review(ReviewStep::To(i)))} />
        }
    });
    let pv = panel.pv.iter().enumerate().map(|(i, turn)| {
        html! {
            <button data-pv-move="" aria-pressed={(i < panel.preview).to_string()}
                onclick={emit(on_control, Control::Preview(i + 1))}>{ turn }</button>
        }
    });
    let columns = panel.columns.iter().enumerate().map(|(x, value)| match *value {
        Some((word, plies)) => html! {
            <li data-column-value="" data-x={x.to_string()} data-value={word} data-plies={plies.to_string()}>
                <b>{ x + 1 }</b>
                { match word { "win" => (text.wins_in)(plies), "loss" => (text.loses_in)(plies), _ => text.draw_value.to_owned() } }
            </li>
        },
        None => html! { <li><b>{ x + 1 }</b>{ "—" }</li> },
    });
    let judgements = (0..2).map(|p| {
        let [inaccuracy, mistake, blunder] = panel.counts[p];
        let accuracy = panel.accuracy[p].map(|a| a.round() as u32);
        let side = panel.sides[p];
        html! {
            <p data-judgements={side.attr()} data-inaccuracy={inaccuracy.to_string()} data-mistake={mistake.to_string()}
                data-blunder={blunder.to_string()} data-accuracy={accuracy.map(|a| a.to_string())}>
                <span class={classes!("dot", side.attr())}></span>
                { (text.accuracy)((text.side)(side), accuracy) }
                { format!(" · ?! {inaccuracy} · ? {mistake} · ?? {blunder}") }
            </p>
        }
    });
    let running = panel.state == Some("running");
    html! {
        <section class="analysis" data-analysis={panel.state.map(|_| "")} data-state={panel.state} aria-label={text.analysis}>
            if props.offer && panel.can_analyse {
                <button data-action="analyse" class="primary" onclick={emit(on_control, Control::Analyse)}>{ text.analyse }</button>
            }
            if panel.state.is_some() {
                <div class="analysis-progress">
                    <progress data-analysis-progress="" value={panel.done.to_string()} max={panel.total.to_string()}
                        aria-label={text.positions_analysed}></progress>
                    if running {
                        <button data-action="cancel-analysis" onclick={emit(on_control, Control::CancelAnalysis)}>{ text.stop_analysis }</button>
                    }
                </div>
            }
            if let Some(chance) = chance {
                <div class="eval-bar" data-eval-bar="" data-side={first.attr()} data-chance={chance.to_string()}
                    role="img" aria-label={(text.chance)((text.side)(first), chance)} title={(text.chance)((text.side)(first), chance)}>
                    <span class={first.attr()} style={format!("width:{chance}%")}></span>
                </div>
            }
            if panel.chances.len() > 1 {
                <svg data-eval-graph="" class="eval-graph" viewBox={format!("0 0 {WIDTH} {HEIGHT}")} role="img" aria-label={text.chance_graph}>
                    <line x1="0" y1={(HEIGHT / 2).to_string()} x2={WIDTH.to_string()} y2={(HEIGHT / 2).to_string()} />
                    <polyline points={line} />
                    { for points }
                </svg>
            }
            if !panel.pv.is_empty() {
                <p data-pv="" class="pv">
                    <span>{ text.best_line }</span>
                    { for pv }
                    if panel.preview > 0 {
                        <button data-action="end-preview" aria-label={text.end_preview} title={text.end_preview} onclick={emit(on_control, Control::Preview(0))}>{ "↺" }</button>
                    }
                </p>
            }
            if !panel.columns.is_empty() {
                <ol class="column-values">{ for columns }</ol>
            }
            if !panel.chances.is_empty() {
                <div class="judgements">{ for judgements }</div>
            }
            if panel.can_continue {
                <div class="continue">
                    <button data-action="continue-computer" onclick={emit(on_control, Control::Continue(true))}>{ text.continue_computer }</button>
                    <button data-action="continue-hotseat" onclick={emit(on_control, Control::Continue(false))}>{ text.continue_hotseat }</button>
                </div>
            }
        </section>
    }
}
