"""A scan's findings as a CI report: what every format shares (`base`), the text, JSON, GitHub,
JUnit formats and the choice among them (`formats`), and SARIF 2.1.0 (`sarif`)."""

__all__: list[str] = []
