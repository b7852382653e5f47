"""Command-line option parsing: malformed pairs are errors that name the option and the expected form."""

import pytest

from medical_agent.eval.retrieval.cli import number_pairs


def test_number_pairs_parse_and_reject():
    assert number_pairs("0:0,3:4", "--prf", "DOCS:WEIGHT") == [(0.0, 0.0), (3.0, 4.0)]
    for bad in ("3", "3:4:5", "a:1", ""):
        with pytest.raises(ValueError, match="--prf: expected DOCS:WEIGHT"):
            number_pairs(bad, "--prf", "DOCS:WEIGHT")
