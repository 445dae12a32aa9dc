"""Human units and counts."""

from clstudio.common import count_text


def test_count_text_agrees_with_its_noun():
    assert count_text(1, "repeat") == "1 repeat"
    assert count_text(0, "repeat") == "0 repeats"
    assert count_text(5, "launch", "launches") == "5 launches"
    assert count_text(1, "launch", "launches") == "1 launch"
