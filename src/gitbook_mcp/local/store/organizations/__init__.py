"""The organizations domain of the store: organizations, their members, invites, teams, SAML providers, fonts and OpenAPI specs."""

__all__: list[str] = []
