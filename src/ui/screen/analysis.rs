//! The analysis beside the board: Analyse and its progress, the first side's chance in the
//! position shown (the bar) and over the game (the graph, whose points show their position),
//! a proven position's exact value, the best line (each turn plays it out on the board),
//! Connect Four's columns' exact values, each player's judgements and accuracy, and a new game
//! from the position shown.

use super::analysis_words::ANALYSIS_WORDS;
use crate::i18n::{GameText, Lang};
use crate::ui::lazy::LazyCode;
use crate::ui::model::{AnalysisPanel, Control, ReviewStep};
use std::rc::Rc;
use yew::prelude::*;

/// The panel's code, split off each game's binary with the rest of the analysis.
pub type DrawAnalysis = fn(AnalysisProps) -> Html;

thread_local! {
    /// The panel's code, fetched with the analysis.
    pub static ANALYSIS_VIEW: LazyCode<DrawAnalysis> = const { LazyCode::new() };
}

#[derive(Properties, PartialEq)]
pub struct AnalysisProps {
    pub lang: Lang,
    pub panel: Rc<AnalysisPanel>,
    /// Analyse is offered here (not while the result, which offers it, is shown).
    pub offer: bool,
    pub on_control: Callback<Control>,
}

/// The graph's size and margin, in its own units (whole numbers: the page carries no float
/// formatting).
const WIDTH: usize = 400;
const HEIGHT: usize = 120;
const MARGIN: usize = 8;

/// Draws the panel.
pub fn draw_analysis(props: AnalysisProps) -> Html {
    html! { <AnalysisView ..props /> }
}

#[component]
fn AnalysisView(props: &AnalysisProps) -> Html {
    let (text, panel) = (props.lang.game_text(), &*props.panel);
    let words = ANALYSIS_WORDS.of(props.lang);
    let emit = |control: Control| props.on_control.reform(move |_: MouseEvent| control);
    let button = |action: &'static str, label: &'static str, control: Control| {
        html! { <button data-action={action} onclick={emit(control)}>{ label }</button> }
    };
    let analyse = (props.offer && panel.can_analyse).then(|| {
        html! { <button data-action="analyse" class="primary" onclick={emit(Control::Analyse)}>{ text.analyse }</button> }
    });
    let progress = panel.state.map(|state| {
        html! {
            <div class="analysis-progress">
                <progress data-analysis-progress="" value={panel.done.to_string()} max={panel.total.to_string()}
                    aria-label={words.positions_analysed}></progress>
                if state == "running" {
                    { button("cancel-analysis", words.stop_analysis, Control::CancelAnalysis) }
                }
            </div>
        }
    });
    let first = panel.sides[0];
    let bar = panel.chances.get(panel.shown).map(|c| c.round() as u32).map(|chance| {
        let said = (words.chance)((text.side)(first), chance);
        html! {
            <div class="eval-bar" data-eval-bar="" data-side={first.attr()} data-chance={chance.to_string()}
                role="img" aria-label={said.clone()} title={said}>
                <span class={first.attr()} style={format!("width:{chance}%")}></span>
            </div>
        }
    });
    let graph = (panel.chances.len() > 1).then(|| graph(text, panel, &props.on_control));
    let pv = (!panel.pv.is_empty()).then(|| {
        let turns = panel.pv.iter().enumerate().map(|(i, turn)| {
            html! {
                <button data-pv-move={(i + 1).to_string()} aria-pressed={(i < panel.preview).to_string()}
                    onclick={emit(Control::Preview(i + 1))}>{ turn.clone() }</button>
            }
        });
        html! {
            <p data-pv="" class="pv">
                <span>{ words.best_line }</span>
                { for turns }
                if panel.preview > 0 {
                    <button data-action="end-preview" aria-label={text.end_preview} title={text.end_preview}
                        onclick={emit(Control::Preview(0))}>{ "↺" }</button>
                }
            </p>
        }
    });
    let proven = panel.proven.map(|(side, word, plies)| {
        html! {
            <p data-proven="" data-value={word} data-plies={plies.to_string()} data-side={side.attr()} class="proven">
                { (words.proven)((text.side)(side), word, plies) }
            </p>
        }
    });
    let columns = (!panel.columns.is_empty()).then(|| {
        let values = panel.columns.iter().enumerate().map(|(x, value)| match *value {
            Some((word, plies)) => {
                let words = match word {
                    "win" => (words.wins_in)(plies),
                    "loss" => (words.loses_in)(plies),
                    _ => words.draw_value.to_owned(),
                };
                html! {
                    <li data-column-value="" data-x={x.to_string()} data-value={word} data-plies={plies.to_string()}>
                        <b>{ x + 1 }</b>{ words }
                    </li>
                }
            }
            None => html! { <li><b>{ x + 1 }</b>{ "—" }</li> },
        });
        html! { <ol class="column-values">{ for values }</ol> }
    });
    let judgements = (!panel.chances.is_empty()).then(|| {
        let sides = panel.sides.iter().enumerate().map(|(p, &player)| {
            let [inaccuracy, mistake, blunder] = panel.counts[p];
            let accuracy = panel.accuracy[p].map(|a| a.round() as u32);
            html! {
                <p data-judgements={player.attr()} data-inaccuracy={inaccuracy.to_string()}
                    data-mistake={mistake.to_string()} data-blunder={blunder.to_string()}
                    data-accuracy={accuracy.map(|a| a.to_string())}>
                    <span class={classes!("dot", player.attr())}></span>
                    { format!("{} · ?! {inaccuracy} · ? {mistake} · ?? {blunder}", (words.accuracy)((text.side)(player), accuracy)) }
                </p>
            }
        });
        let known = panel.accuracy.iter().any(Option::is_some);
        html! {
            <div class="judgements">
                { for sides }
                if known {
                    <details class="accuracy-help">
                        <summary>{ words.accuracy_what }</summary>
                        <p>{ words.accuracy_means }</p>
                    </details>
                }
            </div>
        }
    });
    let play_on = panel.can_continue.then(|| {
        html! {
            <div class="play-on">
                { button("continue-computer", words.continue_computer, Control::Continue(true)) }
                { button("continue-hotseat", words.continue_hotseat, Control::Continue(false)) }
            </div>
        }
    });
    let parts = [analyse, progress, bar, graph, proven, pv, columns, judgements, play_on];
    // Nothing to show yet (a game just over, whose result offers Analyse): no empty box.
    if parts.iter().all(Option::is_none) {
        return Html::default();
    }
    html! {
        <section class="analysis" data-analysis={panel.state.map(|_| "")} data-state={panel.state}
            aria-label={words.analysis}>
            { for parts.into_iter().flatten() }
        </section>
    }
}

/// The first side's chance over the game: each point shows its position.
fn graph(text: &GameText, panel: &AnalysisPanel, on_control: &Callback<Control>) -> Html {
    let words = ANALYSIS_WORDS.of(text.lang);
    let last = panel.chances.len() - 1;
    let point = |i: usize, c: f64| {
        let y = ((100.0 - c) * (HEIGHT - 2 * MARGIN) as f64 / 100.0).round() as usize;
        (MARGIN + i * (WIDTH - 2 * MARGIN) / last, MARGIN + y)
    };
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
        let onclick = on_control.reform(move |_: MouseEvent| Control::Review(ReviewStep::To(i)));
        html! {
            <circle data-ply={i.to_string()} cx={x.to_string()} cy={y.to_string()}
                class={(i == panel.shown).then_some("shown")} {onclick}></circle>
        }
    });
    let half = (HEIGHT / 2).to_string();
    html! {
        <svg data-eval-graph="" class="eval-graph" viewBox={format!("0 0 {WIDTH} {HEIGHT}")} role="img"
            aria-label={words.chance_graph}>
            <line x1="0" y1={half.clone()} x2={WIDTH.to_string()} y2={half}></line>
            <polyline points={line}></polyline>
            { for points }
        </svg>
    }
}
