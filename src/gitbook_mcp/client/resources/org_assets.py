"""What an organization owns and configures besides its people, spaces and sites: collections of
spaces, custom fonts, SAML single sign-on providers and OpenAPI specs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Unpack

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.errors import InvalidRequestError
from gitbook_mcp.client.models._base import Paging
from gitbook_mcp.client.models.collections import (
    Collection,
    CollectionsQuery,
    CreateCollectionRequest,
    MoveCollectionRequest,
    UpdateCollectionRequest,
    content_pointer,
)
from gitbook_mcp.client.models.common import Space
from gitbook_mcp.client.models.fonts import (
    CreateCustomFontRequest,
    CustomFont,
    UpdateCustomFontRequest,
)
from gitbook_mcp.client.models.openapi_specs import (
    CreateOpenAPISpecRequest,
    OpenAPISpec,
    PutOpenAPISpecRequest,
    UpdateOpenAPISpecRequest,
)
from gitbook_mcp.client.models.saml import (
    CreateSAMLProviderRequest,
    SAMLProvider,
    SSOLoginList,
    UpdateSAMLProviderRequest,
)
from gitbook_mcp.client.models.spaces import TransferRequest
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, body_of, operation, query_of

__all__ = ["Collections", "Fonts", "OpenAPISpecs", "Saml"]


class Collections(APIResource):
    @operation("listCollectionsInOrganizationById")
    def list(
        self, organization_id: str, **query: Unpack[CollectionsQuery]
    ) -> AsyncPaginator[Collection]:
        """The organization's collections; nested ones too unless ``nested=False``."""
        ids = {"organizationId": organization_id}
        return self._list(
            "/orgs/{organizationId}/collections",
            ids=ids,
            item=Collection,
            query=query_of(CollectionsQuery, query),
        )

    @operation("createCollection")
    async def create(
        self, organization_id: str, **body: Unpack[CreateCollectionRequest]
    ) -> Collection:
        """Create a collection (title at most 50 characters), inside ``parent`` if given."""
        ids = {"organizationId": organization_id}
        return await self._post(
            "/orgs/{organizationId}/collections",
            ids=ids,
            body=body_of(CreateCollectionRequest, body),
            cast_to=Collection,
        )

    @operation("getCollectionById")
    async def get(self, collection_id: str) -> Collection:
        """One collection, with the caller's ``permissions`` on it."""
        ids = {"collectionId": collection_id}
        return await self._get("/collections/{collectionId}", ids=ids, cast_to=Collection)

    @operation("updateCollectionById")
    async def update(
        self, collection_id: str, **body: Unpack[UpdateCollectionRequest]
    ) -> Collection:
        """Change the title, description (at most 100 characters) or default level passed."""
        ids = {"collectionId": collection_id}
        return await self._patch(
            "/collections/{collectionId}",
            ids=ids,
            body=body_of(UpdateCollectionRequest, body),
            cast_to=Collection,
        )

    @operation("deleteCollectionById")
    async def delete(self, collection_id: str) -> bool:
        """True if deleted, False if it did not exist."""
        return await self._delete(
            "/collections/{collectionId}", ids={"collectionId": collection_id}
        )

    @operation("listSpacesInCollectionById")
    def list_spaces(self, collection_id: str, **query: Unpack[Paging]) -> AsyncPaginator[Space]:
        """Await it for one page, or ``async for`` over every item."""
        ids = {"collectionId": collection_id}
        return self._list(
            "/collections/{collectionId}/spaces", ids=ids, item=Space, query=query_of(Paging, query)
        )

    @operation("moveCollection")
    async def move(
        self,
        collection_id: str,
        *,
        parent: str | NotGiven | None = NOT_GIVEN,
        before: str | Mapping[str, Any] | NotGiven = NOT_GIVEN,
        after: str | Mapping[str, Any] | NotGiven = NOT_GIVEN,
    ) -> Collection:
        """Move under ``parent`` (a collection id, None for the top level) and/or next to a sibling.
        ``before``/``after`` take a space id, or ``{"type": "collection", "collection": id}``.
        At least one of them must be given.
        """
        if all(isinstance(v, NotGiven) for v in (parent, before, after)):
            raise InvalidRequestError("move needs parent, before or after")
        position = {
            key: content_pointer(value)
            for key, value in (("before", before), ("after", after))
            if not isinstance(value, NotGiven)
        }
        body = MoveCollectionRequest.model_validate(
            {"parent": parent, "position": position or NOT_GIVEN}
        )
        ids = {"collectionId": collection_id}
        return await self._post(
            "/collections/{collectionId}/move", ids=ids, body=body, cast_to=Collection
        )

    @operation("transferCollection")
    async def transfer(self, collection_id: str, **body: Unpack[TransferRequest]) -> Collection:
        """Move the collection, with its spaces, to another organization (an id)."""
        ids = {"collectionId": collection_id}
        return await self._post(
            "/collections/{collectionId}/transfer",
            ids=ids,
            body=body_of(TransferRequest, body),
            cast_to=Collection,
        )


class Fonts(APIResource):
    @operation("listCustomFonts")
    def list(self, organization_id: str) -> AsyncPaginator[CustomFont]:
        """The organization's custom fonts (the operation takes no page or limit)."""
        ids = {"organizationId": organization_id}
        return self._list("/orgs/{organizationId}/fonts", ids=ids, item=CustomFont)

    @operation("createCustomFont")
    async def create(
        self, organization_id: str, **body: Unpack[CreateCustomFontRequest]
    ) -> CustomFont:
        """Create a font: a family and one face per weight."""
        ids = {"organizationId": organization_id}
        return await self._put(
            "/orgs/{organizationId}/fonts",
            ids=ids,
            body=body_of(CreateCustomFontRequest, body),
            cast_to=CustomFont,
        )

    @operation("getCustomFont")
    async def get(self, organization_id: str, font_id: str) -> CustomFont:
        """One CustomFont."""
        ids = {"organizationId": organization_id, "fontId": font_id}
        return await self._get("/orgs/{organizationId}/fonts/{fontId}", ids=ids, cast_to=CustomFont)

    @operation("updateCustomFont")
    async def update(
        self,
        organization_id: str,
        font_id: str,
        **body: Unpack[UpdateCustomFontRequest],
    ) -> CustomFont:
        """Rename the family and/or change faces (``storageKey`` None: no file for that weight)."""
        ids = {"organizationId": organization_id, "fontId": font_id}
        return await self._post(
            "/orgs/{organizationId}/fonts/{fontId}",
            ids=ids,
            body=body_of(UpdateCustomFontRequest, body),
            cast_to=CustomFont,
        )

    @operation("deleteCustomFont")
    async def delete(self, organization_id: str, font_id: str) -> bool:
        """True if deleted, False if it did not exist."""
        ids = {"organizationId": organization_id, "fontId": font_id}
        return await self._delete("/orgs/{organizationId}/fonts/{fontId}", ids=ids)


class Saml(APIResource):
    @operation("listSAMLProvidersInOrganizationById")
    def list(self, organization_id: str, **query: Unpack[Paging]) -> AsyncPaginator[SAMLProvider]:
        """Await it for one page, or ``async for`` over every item."""
        ids = {"organizationId": organization_id}
        return self._list(
            "/orgs/{organizationId}/saml", ids=ids, item=SAMLProvider, query=query_of(Paging, query)
        )

    @operation("createOrganizationSAMLProvider")
    async def create(
        self, organization_id: str, **body: Unpack[CreateSAMLProviderRequest]
    ) -> SAMLProvider:
        """Add a SAML provider (label 1 to 30 characters)."""
        ids = {"organizationId": organization_id}
        return await self._post(
            "/orgs/{organizationId}/saml",
            ids=ids,
            body=body_of(CreateSAMLProviderRequest, body),
            cast_to=SAMLProvider,
        )

    @operation("getOrganizationSAMLProviderById")
    async def get(self, organization_id: str, saml_provider_id: str) -> SAMLProvider:
        """One SAMLProvider."""
        ids = {"organizationId": organization_id, "samlProviderId": saml_provider_id}
        return await self._get(
            "/orgs/{organizationId}/saml/{samlProviderId}", ids=ids, cast_to=SAMLProvider
        )

    @operation("updateOrganizationSAMLProvider")
    async def update(
        self, organization_id: str, saml_provider_id: str, **body: Unpack[UpdateSAMLProviderRequest]
    ) -> SAMLProvider:
        """Change the provider's fields passed."""
        ids = {"organizationId": organization_id, "samlProviderId": saml_provider_id}
        return await self._patch(
            "/orgs/{organizationId}/saml/{samlProviderId}",
            ids=ids,
            body=body_of(UpdateSAMLProviderRequest, body),
            cast_to=SAMLProvider,
        )

    @operation("deleteOrganizationSAMLProvider")
    async def delete(self, organization_id: str, saml_provider_id: str) -> bool:
        """True if deleted, False if it did not exist."""
        ids = {"organizationId": organization_id, "samlProviderId": saml_provider_id}
        return await self._delete("/orgs/{organizationId}/saml/{samlProviderId}", ids=ids)

    @operation("listSSOProviderLoginsInOrganization")
    async def list_sso_logins(self, organization_id: str) -> SSOLoginList:
        """The SSO logins members can start (a plain list, not paginated)."""
        ids = {"organizationId": organization_id}
        return await self._get("/orgs/{organizationId}/sso", ids=ids, cast_to=SSOLoginList)


class OpenAPISpecs(APIResource):
    """A ``source`` is ``{"url": "https://..."}`` or ``{"text": "<the spec>"}``."""

    @operation("listOpenAPISpecs")
    def list(self, organization_id: str, **query: Unpack[Paging]) -> AsyncPaginator[OpenAPISpec]:
        """Await it for one page, or ``async for`` over every item."""
        ids = {"organizationId": organization_id}
        return self._list(
            "/orgs/{organizationId}/openapi",
            ids=ids,
            item=OpenAPISpec,
            query=query_of(Paging, query),
        )

    @operation("createOpenAPISpec")
    async def create(
        self, organization_id: str, *, slug: str, source: Mapping[str, str]
    ) -> OpenAPISpec:
        """Create a spec under ``slug`` (lowercase words joined by hyphens) from ``source``."""
        ids = {"organizationId": organization_id}
        return await self._post(
            "/orgs/{organizationId}/openapi",
            ids=ids,
            body=CreateOpenAPISpecRequest.model_validate({"slug": slug, "source": dict(source)}),
            cast_to=OpenAPISpec,
        )

    @operation("getOpenAPISpecBySlug")
    async def get(self, organization_id: str, spec_slug: str) -> OpenAPISpec:
        """One OpenAPISpec."""
        ids = {"organizationId": organization_id, "specSlug": spec_slug}
        return await self._get(
            "/orgs/{organizationId}/openapi/{specSlug}", ids=ids, cast_to=OpenAPISpec
        )

    @operation("createOrUpdateOpenAPISpecBySlug")
    async def create_or_update(
        self, organization_id: str, spec_slug: str, *, source: Mapping[str, str]
    ) -> OpenAPISpec:
        """Create the spec with this slug, or give it a new source (a new version)."""
        ids = {"organizationId": organization_id, "specSlug": spec_slug}
        return await self._put(
            "/orgs/{organizationId}/openapi/{specSlug}",
            ids=ids,
            body=PutOpenAPISpecRequest.model_validate({"source": dict(source)}),
            cast_to=OpenAPISpec,
        )

    @operation("updateOpenAPISpecBySlug")
    async def update(
        self, organization_id: str, spec_slug: str, **body: Unpack[UpdateOpenAPISpecRequest]
    ) -> OpenAPISpec:
        """Make the spec ``private`` or ``public`` (anyone with its public link)."""
        ids = {"organizationId": organization_id, "specSlug": spec_slug}
        return await self._patch(
            "/orgs/{organizationId}/openapi/{specSlug}",
            ids=ids,
            body=body_of(UpdateOpenAPISpecRequest, body),
            cast_to=OpenAPISpec,
        )

    @operation("deleteOpenAPISpecBySlug")
    async def delete(self, organization_id: str, spec_slug: str) -> bool:
        """True if deleted, False if it did not exist."""
        ids = {"organizationId": organization_id, "specSlug": spec_slug}
        return await self._delete("/orgs/{organizationId}/openapi/{specSlug}", ids=ids)
