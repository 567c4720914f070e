"""``dealer-station history``: completed, voided and open rounds for dispute reconstruction,
progressive meters and numbered jackpot records."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from dealer_station import jackpot as jackpot_print
from dealer_station.cards import CardError, parse_card
from dealer_station.commands import _linked_pool as linked_pool
from dealer_station.games.pai_gow.collection import collection_order
from dealer_station.inputs import SQLITE_MAX, bounded_int
from dealer_station.money import format_cents
from dealer_station.procedure import Record
from dealer_station.store import journal, users
from dealer_station.store import meters as meter_store
from dealer_station.store.options import add_table_argument, open_store
from dealer_station.store.paths import OUTBOX_NAME
from dealer_station.store.round_dealers import dealers_of_round, dealers_words

NAME = "history"
HELP = "list and show past rounds (cards in dealt and collected order), meters, jackpots"
DESCRIPTION = """\
list              rounds, newest first (--limit, --status open|complete|void)
show ROUND        one round: every action record in order, the cards in the order they were
                  dealt and in the order they were collected, the payments in order (--json
                  prints the stored round document)
meters            progressive meters with their journal totals (--entries for every entry);
                  a table in a floor's linked pool (--config FILE with its [floor], or
                  $DEALER_STATION_FLOOR_URL): the pool first, the meter as its own ledger
jackpot NUMBER    a numbered jackpot record as text (--pdf FILE writes a printable PDF)
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("what", nargs="?", default="list",
                        choices=("list", "show", "meters", "jackpot", "jackpots"))
    parser.add_argument("number", nargs="?", type=bounded_int(1, SQLITE_MAX),
                        help="round or jackpot number")
    parser.add_argument("--limit", type=bounded_int(1, 100_000), default=50)
    parser.add_argument("--status", choices=journal.STATUSES)
    parser.add_argument("--json", action="store_true", help="show: print the round document")
    parser.add_argument("--entries", action="store_true", help="meters: every journal entry")
    parser.add_argument("--pdf", type=Path, help="jackpot: write the record as PDF to FILE")
    add_table_argument(parser)


def _is_card(text: str) -> bool:
    try:
        parse_card(text)
    except CardError:
        return False
    return True


def _card_strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value] if _is_card(value) else []
    if isinstance(value, list | tuple):
        return [card for item in value for card in _card_strings(item)]
    if isinstance(value, Mapping):
        return [card for item in value.values() for card in _card_strings(item)]
    return []


def cards_in(record: Record) -> list[str]:
    """The cards a record names, in the order it names them (in any argument or effect whose
    key mentions ``card`` or ``discard``).

    >>> cards_in(Record(3, "deal", {"cards": ["AS", "KD"]}, {"to": 2}))
    ['AS', 'KD']
    >>> cards_in(Record(9, "collect_cards", {}, {"discard_rack": [
    ...     {"cards": ["9c"], "from": "burn"}, {"cards": ["Kh", "4h"], "from": "position 7"}]}))
    ['9c', 'Kh', '4h']
    """
    found: list[str] = []
    for source in (record.arguments, record.effects):
        for key, value in source.items():
            if "card" in key or "discard" in key:
                found += _card_strings(value)
    return found


def dealt_and_collected(records: Iterable[Record]) -> tuple[list[str], list[str]]:
    """Cards in the order they were dealt, and in the order they were collected (records whose
    action mentions ``collect``)."""
    dealt: list[str] = []
    collected: list[str] = []
    for record in records:
        cards = cards_in(record)
        if "collect" in record.action:
            collected += [card for card in cards if card not in collected]
        else:
            dealt += [card for card in cards if card not in dealt]
    return dealt, collected


def collected_lines(game: str, records: Iterable[Record],
                    document: Mapping[str, Any] | None) -> list[str]:
    """The round's cards in the order collected, one line per collection: Pai Gow collects
    each player's cards with the settlement, no record of its own
    (:mod:`dealer_station.games.pai_gow.collection`); other games by their collect records."""
    if game == "pai_gow":
        return collection_order(records, document)
    collected = dealt_and_collected(records)[1]
    return [" ".join(collected)] if collected else []


def _list(args: argparse.Namespace) -> int:
    with open_store(args, readonly=True) as store:
        listed = 0
        for row in journal.iter_rounds(store, limit=args.limit, status=args.status):
            if not listed:
                print(f"{'round':>6}  {'game':<12} {'status':<9} {'dealer':<10} {'records':>7}  "
                      "started")
            listed += 1
            extra = f"  void: {row.void_reason}" if row.void_reason else ""
            print(f"{row.id:>6}  {row.game:<12} {row.status:<9} {row.dealer or '-':<10} "
                  f"{row.record_count:>7}  {row.started}{extra}")
    if not listed:
        print("no rounds")
    return 0


def _show(args: argparse.Namespace) -> int:
    if args.number is None:
        raise ValueError("history show needs the round number")
    with open_store(args, readonly=True) as store:
        summary = journal.round_summary(store, args.number)
        records = journal.round_records(store, args.number)
        changes = users.changes_in_round(store, args.number)  # (part of the round's record)
        dealers = dealers_of_round(store, args.number)
    if args.json:
        print(json.dumps({"round": summary.id, "game": summary.game, "status": summary.status,
                          "void_reason": summary.void_reason, "config": summary.config,
                          "document": summary.document,
                          "dealers": [turn.to_json() for turn in dealers],
                          "records": [r.to_json() for r in records],
                          "account_changes": [{"user": c.user, "event": c.event, "by": c.by,
                                               "time": c.time} for c in changes]},
                         indent=2, sort_keys=True))
        return 0
    print(f"Round {summary.id}  {summary.game}  {summary.status}  dealer {summary.dealer or '-'}")
    print(f"Started {summary.started}  ended {summary.ended or '-'}")
    print(f"Dealers: {dealers_words(dealers)}")
    if summary.void_reason:
        print(f"VOID: {summary.void_reason}")
    print("Records:")
    for record in records:
        clause = f" [{record.clause}]" if record.clause else ""
        print(f"  {record.sequence:>3} {record.action}{clause} "
              f"{json.dumps(dict(record.arguments), sort_keys=True)}"
              + (f" -> {json.dumps(dict(record.effects), sort_keys=True)}"
                 if record.effects else ""))
    dealt, _ = dealt_and_collected(records)
    collected = collected_lines(summary.game, records, summary.document)
    print(f"Cards dealt, in order:     {' '.join(dealt) or '-'}")
    print(f"Cards collected, in order: {collected[0] if collected else '-'}")
    for line in collected[1:]:
        print(f"                           {line}")
    payments = (summary.document or {}).get("payments") or []
    if payments:
        print("Payments, in order:")
        for payment in payments:
            amount = format_cents(payment.get("amount", 0))
            vig = payment.get("vigorish") or 0
            print(f"  {payment.get('order')}. position {payment.get('position')} "
                  f"{payment.get('wager')}: {payment.get('outcome')} "
                  f"stake {format_cents(payment.get('stake', 0))}"
                  + (f" amount {amount}" if payment.get("outcome") == "pay" else "")
                  + (f" vigorish {format_cents(vig)}" if vig else ""))
    if changes:
        print("Account changes during the round:")
        for change in changes:
            print(f"  {change.time} {change.user} {change.event.replace('_', ' ')} by "
                  f"{change.by}")
    return 0


def _meters(args: argparse.Namespace) -> int:
    with open_store(args, readonly=True) as store:
        found = meter_store.meters(store)
        if not found:
            print("no progressive meters")
            return 0
        linked = linked_pool.read(args, store.table,
                                  forwards=(store.directory / OUTBOX_NAME).exists())
        linked_pool.print_unread(linked)
        for each in found:
            stats = meter_store.statistics(store, each.name)
            pool = linked.pays(each.wager, stats.retired) if linked is not None else None
            if pool is not None:
                print(f"{pool.title}: " + ", ".join(f"{label} {value}"
                                                    for label, value in pool.lines()))
            print(f"{each.name} (wager {each.wager}): "
                  f"{'ledger (this table)' if pool else 'current'} "
                  f"{format_cents(stats.current)}, "
                  f"reset {format_cents(stats.reset)}, rate {stats.rate_bp / 100:g}%, "
                  f"contributions {format_cents(stats.contributions)} "
                  f"({stats.contribution_count}), hits {stats.hits}, "
                  f"paid {format_cents(stats.paid)}, reseeds {stats.reseeds}, "
                  f"validations {stats.validations}")
            if args.entries:
                for entry in meter_store.iter_entries(store, each.name):
                    print(f"  {entry.id:>6} {entry.time} {entry.kind:<12} "
                          f"{format_cents(entry.amount):>12} = {format_cents(entry.balance):>12}"
                          f" round={entry.round_id or '-'} jackpot={entry.jackpot or '-'}"
                          f" by={entry.actor or '-'}")
    return 0


def _jackpot(args: argparse.Namespace) -> int:
    with open_store(args, readonly=True) as store:
        if args.what == "jackpots" or args.number is None:
            for each in meter_store.iter_jackpots(store):
                print(f"{each.number:06d} {each.time} {each.meter} round {each.round_id} "
                      f"position {each.position} {each.hand} {format_cents(each.amount)} "
                      f"validated by {each.supervisor}")
            return 0
        record = meter_store.jackpot(store, args.number)
        table = store.table
        more = jackpot_print.filed(store, record)
    print(jackpot_print.as_text(record, table=table, **more))
    if args.pdf:
        args.pdf.write_bytes(jackpot_print.as_pdf(record, table=table, **more))
        print(f"written {args.pdf}")
    return 0


def run(args: argparse.Namespace) -> int:
    if args.pdf is not None and (args.what != "jackpot" or args.number is None):
        # a PDF is one jackpot record's printable form; a round or a list is text (or --json)
        what = f"history {args.what}" + ("" if args.number is None else f" {args.number}")
        raise ValueError(f"--pdf writes one jackpot record (history jackpot NUMBER --pdf FILE), "
                         f"not {what}: it is printed as text (or --json)")
    if args.what == "list":
        return _list(args)
    if args.what == "show":
        return _show(args)
    if args.what == "meters":
        return _meters(args)
    return _jackpot(args)
