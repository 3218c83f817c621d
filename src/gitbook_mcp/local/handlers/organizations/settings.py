"""HTTP translation for organization settings: SAML providers, custom fonts, OpenAPI specs."""

from __future__ import annotations

from typing import Any

from starlette.responses import Response

from gitbook_mcp.local.absent import ABSENT
from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.handlers.organizations.common import org_id, org_item, org_page, org_removed
from gitbook_mcp.local.http.call import URL_RE, Body, Call, created, ok
from gitbook_mcp.local.store.organizations.openapi_specs import SPEC_VISIBILITIES, SpecSource

__all__ = [
    "create_font",
    "create_saml",
    "create_spec",
    "delete_font",
    "delete_saml",
    "delete_spec",
    "get_font",
    "get_saml",
    "get_spec",
    "list_fonts",
    "list_saml",
    "list_specs",
    "list_sso_logins",
    "put_spec",
    "update_font",
    "update_saml",
    "update_spec",
]


# -- SAML ---------------------------------------------------------------------------------


def _saml_fields(body: Body, *, creating: bool) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    if creating or body.has("label"):
        fields["label"] = body.string("label", required=creating, min_len=1, max_len=30)
    if body.has("entityID"):
        fields["entityID"] = body.string("entityID", max_len=1024)
    if body.has("certificate"):
        fields["certificate"] = body.string("certificate", max_len=10000)
    if body.has("ssoURL"):
        fields["ssoURL"] = body.url("ssoURL", max_len=2048)
    if body.has("defaultTeam"):
        fields["defaultTeam"] = body.string("defaultTeam", nullable=not creating, min_len=1)
    if body.has("defaultRole"):
        fields["defaultRole"] = body.role("defaultRole")
    return fields


async def list_saml(call: Call) -> Response:
    return org_page(call, call.store.orgs.saml.list_page)


async def create_saml(call: Call) -> Response:
    fields = _saml_fields(call.body, creating=True)
    provider = call.store.orgs.saml.create(call.actor, org_id(call), fields)
    response = created(provider)
    response.headers["Location"] = provider["urls"]["location"]
    return response


async def get_saml(call: Call) -> Response:
    return org_item(call, call.store.orgs.saml.get, "samlProviderId")


async def update_saml(call: Call) -> Response:
    fields = _saml_fields(call.body, creating=False)
    return org_item(call, call.store.orgs.saml.update, "samlProviderId", fields)


async def delete_saml(call: Call) -> Response:
    return org_removed(call, call.store.orgs.saml.delete, "samlProviderId")


async def list_sso_logins(call: Call) -> Response:
    return ok({"items": call.store.orgs.saml.logins(call.actor, org_id(call))})


# -- custom fonts -------------------------------------------------------------------------


def _font_faces(body: Body, *, creating: bool) -> list[tuple[int, str | None]] | None:
    value = body.raw("fontFaces", required=creating)
    if value is ABSENT:
        return None
    if not isinstance(value, list):
        raise Invalid("fontFaces", "must be an array")
    if creating and not value:
        raise Invalid("fontFaces", "must have at least one face")
    faces: list[tuple[int, str | None]] = []
    for index, item in enumerate(value):
        field = f"fontFaces[{index}]"
        if not isinstance(item, dict):
            raise Invalid(field, "must be an object {weight, storageKey}")
        face = Body(item)
        try:
            weight = face.integer("weight", required=True, minimum=1, maximum=1000)
            key = face.string(
                "storageKey", required=True, min_len=1, max_len=512, nullable=not creating
            )
        except Invalid as exc:
            raise Invalid(f"{field}.{exc.field}", exc.message.split(": ", 1)[-1]) from exc
        faces.append((weight, key))
    return faces


async def list_fonts(call: Call) -> Response:
    return org_page(call, call.store.orgs.fonts.list_page)


async def create_font(call: Call) -> Response:
    body = call.body
    family = body.string("fontFamily", required=True, min_len=1, max_len=50)
    faces = _font_faces(body, creating=True) or []
    strict = [(weight, key) for weight, key in faces if key is not None]
    return created(call.store.orgs.fonts.create(call.actor, org_id(call), family, strict))


async def get_font(call: Call) -> Response:
    return org_item(call, call.store.orgs.fonts.get, "fontId")


async def update_font(call: Call) -> Response:
    """Answers 201, as the contract says for this update."""
    body = call.body
    font = call.store.orgs.fonts.update(
        call.actor,
        org_id(call),
        call.path("fontId"),
        font_family=body.string("fontFamily", min_len=1, max_len=50),
        faces=_font_faces(body, creating=False),
    )
    return created(font)


async def delete_font(call: Call) -> Response:
    return org_removed(call, call.store.orgs.fonts.delete, "fontId")


# -- OpenAPI specs ------------------------------------------------------------------------


def _spec_source(body: Body) -> SpecSource:
    source = body.object("source", required=True)
    if ("url" in source) == ("text" in source):
        raise Invalid("source", "must be either {url} or {text}")
    if "url" in source:
        url = source["url"]
        if not isinstance(url, str) or len(url) > 2048 or not URL_RE.match(url):
            raise Invalid("source.url", "must be an absolute URL of at most 2048 characters")
        return (url, None)
    text = source["text"]
    if not isinstance(text, str) or not text:
        raise Invalid("source.text", "must be a non-empty string")
    return (None, text)


async def list_specs(call: Call) -> Response:
    return org_page(call, call.store.orgs.openapi.list_page)


async def create_spec(call: Call) -> Response:
    body = call.body
    slug = body.string("slug", required=True)
    spec = call.store.orgs.openapi.create(call.actor, org_id(call), slug, _spec_source(body))
    return created(spec)


async def get_spec(call: Call) -> Response:
    return org_item(call, call.store.orgs.openapi.get, "specSlug")


async def put_spec(call: Call) -> Response:
    """200 when the spec was updated, 201 when it was created."""
    spec, was_created = call.store.orgs.openapi.put(
        call.actor, org_id(call), call.path("specSlug"), _spec_source(call.body)
    )
    return ok(spec, 201 if was_created else 200)


async def update_spec(call: Call) -> Response:
    visibility = call.body.string("visibility", required=True, choices=SPEC_VISIBILITIES)
    return org_item(call, call.store.orgs.openapi.set_visibility, "specSlug", visibility)


async def delete_spec(call: Call) -> Response:
    return org_removed(call, call.store.orgs.openapi.delete, "specSlug")


_FONTS = "/orgs/{organizationId}/fonts"
_SPECS = "/orgs/{organizationId}/openapi"
