"""HTTP translation for the organizations domain: organizations, their members, invites, teams, SAML providers, fonts and OpenAPI specs."""

__all__: list[str] = []
