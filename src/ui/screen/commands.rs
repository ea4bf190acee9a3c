//! The game's own moves made with a button (ending a chain of captures early).

use super::emit;
use crate::ui::model::Command;
use crate::ui::model::Control;
use yew::prelude::*;

pub struct CommandsProps<'a> {
    pub commands: &'a [Command],
    pub on_control: &'a Callback<Control>,
}

pub fn commands(props: CommandsProps) -> Html {
    if props.commands.is_empty() {
        return html! {};
    }
    let commands = props.commands.iter().enumerate().map(|(i, command)| {
        let onclick = emit(props.on_control, Control::Command(i));
        html! { <button data-action={command.name} class="primary" {onclick}>{ command.label }</button> }
    });
    html! { <div class="commands">{ for commands }</div> }
}
