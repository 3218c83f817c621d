"""What a user sets: each command's options as typed settings (`settings`, `credentials`,
`upstream`, `check_links_settings`), how they are read (`options`: flag, environment,
configuration file, default) and the options tables of the docs (`options_table`, `readme`)."""

__all__: list[str] = []
