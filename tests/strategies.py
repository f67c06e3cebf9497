"""Hypothesis strategies the fuzzers share."""

from hypothesis import strategies as st

#: Every character but the surrogates: st.text()'s own default alphabet (characters(codec="utf-8")),
#: without the codec's table, which hypothesis builds afresh in each process whose working
#: directory holds no .hypothesis/ with it (2.5 CPU s each of CI's first suite's workers).
CHARACTERS = st.characters(exclude_categories=["Cs"])


def text(max_size: int) -> st.SearchStrategy[str]:
    """Strings of up to max_size of any characters but the surrogates."""
    return st.text(CHARACTERS, max_size=max_size)
