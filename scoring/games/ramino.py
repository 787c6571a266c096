"""Ramino: a penalty game that scores how a hand was closed (colore, figura...)."""

from __future__ import annotations

from scoring.engine import RaminoRules
from scoring.games.base import register
from scoring.games.penalty import PenaltyGame
from scoring.presenters import RAMINO_CLOSINGS


class Ramino(PenaltyGame):
    value = RaminoRules.game
    rules_class = RaminoRules
    closings = RAMINO_CLOSINGS


register(Ramino())
