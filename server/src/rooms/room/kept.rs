//! The room as stored and as told: its row, read back, and the frames every device is sent
//! (the room whole, or its change since the version a device holds).

use super::*;

/// A date as records write it (`2026.12.07`), in UTC, from ms since 1970: the civil calendar's
/// day from the day count (H. Hinnant's `civil_from_days`).
pub fn record_date(ms: u64) -> String {
    let days = (ms / 86_400_000) as i64 + 719_468;
    let (era, of_era) = (days.div_euclid(146_097), days.rem_euclid(146_097));
    let year_of_era = (of_era - of_era / 1460 + of_era / 36_524 - of_era / 146_096) / 365;
    let day_of_year = of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 { shifted_month + 3 } else { shifted_month - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year}.{month:02}.{day:02}")
}

fn offer_text(offer: Option<(Offer, Player)>) -> Option<String> {
    offer.map(|(what, by)| {
        let what = match what {
            Offer::Draw => "draw",
            Offer::Takeback => "takeback",
            Offer::Rematch => "rematch",
        };
        let by = if by == Player::First { "first" } else { "second" };
        format!("{what}:{by}")
    })
}

fn read_offer(text: Option<&str>) -> Option<(Offer, Player)> {
    let (what, by) = text?.split_once(':')?;
    let what = match what {
        "draw" => Offer::Draw,
        "takeback" => Offer::Takeback,
        "rematch" => Offer::Rematch,
        _ => return None,
    };
    let by = match by {
        "first" => Player::First,
        "second" => Player::Second,
        _ => return None,
    };
    Some((what, by))
}

impl Room {
    pub fn from_row(row: &RoomRow) -> Option<Room> {
        let game = GameId::from_slug(&row.game)?;
        // A room stored before protocol 2 has no `extra`: untimed, between friends.
        let extra =
            if row.extra.is_empty() { Extra::default() } else { serde_json::from_str(&row.extra).ok()? };
        let mut room = Room::new(table::restore(game, &row.record).ok()?, row.seats.clone(), extra);
        room.offer = read_offer(row.offer.as_deref());
        room.version = row.version;
        room.updated = row.updated;
        Some(room)
    }

    /// Back to a stored row, who is here kept. A row that cannot be read (never stored: a
    /// failed creation) leaves the room as it is.
    pub fn restore(&mut self, row: &RoomRow) {
        if let Some(restored) = Room::from_row(row) {
            let (online, away_since) = (self.online, self.away_since);
            let chatted = std::mem::take(&mut self.chatted);
            *self = Room { online, away_since, chatted, ..restored };
        }
    }

    pub fn row(&self, id: &str) -> RoomRow {
        RoomRow {
            id: id.to_owned(),
            game: self.table.game().slug().to_owned(),
            record: self.table.full_record(&Header { timing: self.timing(), ..Header::default() }),
            seats: self.seats.clone(),
            offer: offer_text(self.offer),
            version: self.version,
            updated: self.updated,
            // Serialising these types cannot fail: no maps, no foreign types.
            extra: serde_json::to_string(&self.extra).unwrap_or_default(),
            seek_until: self.extra.seek_until,
            playing: self.begun() && !self.table.over(),
        }
    }

    fn timing(&self) -> Timing {
        Timing { control: self.extra.clock.control(), clocks: self.extra.clock.log().to_vec() }
    }

    /// The room as everyone is told it at `now`.
    /// The room as anyone may see it at `now`, all but its record.
    pub fn state(&self, id: &str, now: u64) -> RoomState {
        let (to_move, turns, over) = (self.table.to_move(), self.table.turns(), self.table.over());
        let clock = &self.extra.clock;
        RoomState {
            room: id.to_owned(),
            game: self.table.game().slug().to_owned(),
            version: self.version,
            turns,
            to_move: Seat::of(Some(to_move)),
            over,
            termination: self.table.termination(),
            offer: self.offer.map(|(what, by)| OfferState { what, by: Seat::of(Some(by)) }),
            online: self.online,
            time: clock.control().text(),
            clocks: clock
                .timed()
                .then(|| clock.left_at(to_move, turns, if over { clock.turn_at() } else { now })),
            running: (clock.runs(turns) && !over && self.begun()).then_some(Seat::of(Some(to_move))),
            abort_in: (!over && self.begun())
                .then(|| clock.abort_at(turns, self.first_move_rule()))
                .flatten()
                .map(|at| at.saturating_sub(now)),
            claim_in: self.claim_at(now).map(|at| at.saturating_sub(now)),
            chat: self
                .extra
                .chat
                .iter()
                .map(|(from, said)| ChatLine::new(Seat::of(Some(*from)), said.clone()))
                .collect(),
            next: self.extra.next.clone(),
            players: self.extra.players.clone(),
            rated: self.extra.rated,
            ratings: self.extra.ratings.map(|kept| {
                [0, 1].map(|side| RatingChange {
                    before: kept.before[side].rating.round() as i64,
                    after: kept.after[side].rating.round() as i64,
                    provisional: kept.after[side].provisional(),
                })
            }),
        }
    }

    /// The room whole, with its public record: to a device that joins, or missed a change.
    pub fn whole(&self, id: &str, now: u64) -> Reply {
        Reply::State {
            state: Box::new(self.state(id, now)),
            record: self.table.public_record(&self.timing()),
        }
    }

    /// What a device holding the room knows of it.
    pub fn told(&self) -> Told {
        Told { version: self.version, turns: self.table.turns(), over: self.table.over() }
    }

    /// The room's change since a device was `told` of it, as a [`Reply::Change`]: one change
    /// stored that played one turn or none (or none stored: who is here changed). Any other (a
    /// takeback, an end, changes missed) only the room whole says: a finished game shows what
    /// was hidden.
    pub fn change(&self, id: &str, now: u64, told: Told) -> Option<Reply> {
        let now_told = self.told();
        let same_game = (now_told.turns, now_told.over) == (told.turns, told.over);
        let one_turn = now_told.turns == told.turns + 1 && !told.over && !now_told.over;
        let turn = match now_told.version.checked_sub(told.version) {
            Some(0 | 1) if same_game => None,
            Some(1) if one_turn => Some(self.table.last_turn()?),
            _ => return None,
        };
        let clock = turn.as_ref().and_then(|_| self.extra.clock.log().get(now_told.turns - 1).copied());
        Some(Reply::Change { state: Box::new(self.state(id, now)), turn, clock })
    }

    /// What works out a rated game's ratings as its end is written (see [`Rate`]): `None` for
    /// a game that rates no one (casual, aborted, untimed, a seat without a player).
    pub fn rate(&self, game: &GameRow) -> Option<Rate> {
        let (speed, outcome) = (self.extra.speed()?, self.table.outcome()?);
        let [Some(first), Some(second)] = game.players.clone() else { return None };
        let (extra, slug, ended) = (self.extra.clone(), game.game.clone(), game.ended);
        Some(Box::new(move |finish: &mut Finish, before: [Option<RatingRow>; 2]| {
            let players = [first.as_str(), second.as_str()];
            let before = [before[0].as_ref(), before[1].as_ref()];
            let (rows, kept) = rated_end(&slug, speed, players, before, outcome, ended);
            let extra = Extra { ratings: Some(kept), ..extra.clone() };
            finish.room.extra = serde_json::to_string(&extra).unwrap_or_default();
            finish.game.ratings = serde_json::to_string(&kept).unwrap_or_default();
            rows
        }))
    }

    /// The record's tags of a game kept: its event, the site (`site`, its address), the date
    /// it ended (`now`, in UTC) and its named players with their ratings as they sat down.
    fn kept_header(&self, now: u64, site: Option<&str>) -> Header {
        let players = self.extra.players.clone().map(|player| player.and_then(|p| Some((p.name?, p.rating))));
        Header {
            event: Some(Speed::event(self.extra.speed(), self.extra.rated)),
            site: site.map(str::to_owned),
            date: Some(record_date(now)),
            people: self.table.people_tags(&players),
            timing: self.timing(),
            ..Header::default()
        }
    }

    /// The game's end as the players' games keep it (the first seat's result first), its
    /// record with its people, played on `site`; `None` until the game is over.
    pub fn kept_game(&self, id: &str, now: u64, site: Option<&str>) -> Option<GameRow> {
        let outcome = self.table.over().then(|| self.table.outcome())?;
        Some(GameRow {
            id: id.to_owned(),
            game: self.table.game().slug().to_owned(),
            speed: self.extra.speed().map(|speed| speed.slug().to_owned()),
            rated: self.extra.rated && outcome.is_some(),
            players: self.extra.players.clone().map(|p| p.map(|p| p.id)),
            result: result_text(outcome, PLAYERS).to_owned(),
            ratings: String::new(),
            record: self.table.full_record(&self.kept_header(now, site)),
            ended: now,
            names: [None, None],
        })
    }
}
