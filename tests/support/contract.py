"""Check requests and responses against the vendored contract of a profile.

``tests/contract/openapi.json`` is the seed profile's (OpenAPI 3.0), ``openapi-live.json`` the
live profile's (OpenAPI 3.1); `load_profile_contract` gives either, `load_contract` the seed one.

`Contract.check_response` validates an answer's JSON body against the schema the contract gives
for that operation and status (error statuses against the ``Error`` schema), and
`Contract.check_request` validates a request's query parameters and JSON body.

Validation is compiled (``jsonschema-rs``, as the local workspace checks request bodies): the
contract is rewritten once into plain JSON Schema (`compiled_form`: OpenAPI 3.0's ``nullable``
as a ``null`` type). `Contract.reference_validator` is the pure-Python OpenAPI validator
(``openapi-schema-validator``) that it replaced, kept for ``tests/contract/test_validators_agree.py``,
which holds the two to the same verdicts, valid instances and broken ones alike.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

import jsonschema_rs
from openapi_schema_validator import OAS30Validator, OAS31Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT4, DRAFT202012

from gitbook_mcp.api import Profile

CONTRACT_PATH = Path(__file__).resolve().parent.parent / "contract" / "openapi.json"
CONTRACT_FILES: dict[Profile, Path] = {
    "seed": CONTRACT_PATH,
    "live": CONTRACT_PATH.with_name("openapi-live.json"),
}
ERROR_STATUSES = {400, 401, 403, 404, 409, 412, 429, 500, 502, 503, 504}
ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["error"],
    "properties": {
        "error": {
            "type": "object",
            "required": ["code", "message"],
            "properties": {"code": {"type": "integer"}, "message": {"type": "string"}},
        }
    },
}
"""The body of every error answer (the contract's ``components/responses`` shape, any code)."""


class ContractViolation(AssertionError):
    pass


@dataclass(frozen=True)
class Operation:
    method: str
    path: str
    operation_id: str
    regex: re.Pattern[str]
    spec: dict[str, Any]


class Contract:
    OPENAPI_30 = True
    """Whether the document is OpenAPI 3.0 (JSON Schema draft 4 with ``nullable``), not 3.1."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        # The contract's discriminators carry no mapping, and OpenAPI's implicit mapping (by
        # component name) contradicts the values the service sends ("document", not
        # "RevisionPageDocument"); validate those unions as plain oneOf instead.
        plain = _without_discriminators(document)
        resource = Resource(contents=plain, specification=DRAFT4)
        self._registry: Registry[Any] = Registry().with_resource("urn:contract", resource)
        self._compiled_registry = jsonschema_rs.Registry(
            [("urn:contract", compiled_form(plain, openapi_30=self.OPENAPI_30))],
            draft=self._draft(),
        )
        self.operations: dict[str, Operation] = {}
        self._validators: dict[str, jsonschema_rs.Validator] = {}
        self._references: dict[str, Any] = {}
        for path, item in document["paths"].items():
            for method, spec in item.items():
                if method not in {"get", "post", "put", "patch", "delete"}:
                    continue
                pattern = (
                    "^"
                    + re.sub(
                        r"\{(\w+)\}",
                        lambda m: (
                            f"(?P<{m.group(1)}>.+)"
                            if m.group(1) == "pagePath"
                            else f"(?P<{m.group(1)}>[^/]+)"
                        ),
                        path,
                    )
                    + "$"
                )
                op = Operation(method.upper(), path, spec["operationId"], re.compile(pattern), spec)
                self.operations[op.operation_id] = op

    # -- lookup -------------------------------------------------------------------------

    def match(self, method: str, path: str) -> Operation:
        """The operation for a concrete path relative to /v1 (literal segments win)."""
        candidates = [
            op
            for op in self.operations.values()
            if op.method == method.upper() and op.regex.match(path)
        ]
        if not candidates:
            raise ContractViolation(f"no operation in the contract for {method} {path}")
        return max(candidates, key=lambda op: len(re.sub(r"\{\w+\}", "", op.path)))

    def resolve(self, node: Any) -> Any:
        while isinstance(node, dict) and "$ref" in node:
            target: Any = self.document
            for part in node["$ref"].lstrip("#/").split("/"):
                target = target[part]
            node = target
        return node

    def _draft(self) -> int:
        return jsonschema_rs.Draft4 if self.OPENAPI_30 else jsonschema_rs.Draft202012

    def _compiled_class(self) -> Any:
        return (
            jsonschema_rs.Draft4Validator if self.OPENAPI_30 else jsonschema_rs.Draft202012Validator
        )

    def _validator(self, schema: dict[str, Any]) -> jsonschema_rs.Validator:
        """The compiled validator of a schema node of the contract (kept by the node's text)."""
        key = json.dumps(schema, sort_keys=True)
        validator = self._validators.get(key)
        if validator is None:
            form = compiled_form(_rebase(schema), openapi_30=self.OPENAPI_30)
            validator = self._validators[key] = self._compiled_class()(
                form, registry=self._compiled_registry, validate_formats=False
            )
        return validator

    def reference_validator(self, schema: dict[str, Any]) -> Any:
        """The pure-Python OpenAPI 3.0 validator of a schema node (the compiled one's oracle)."""
        key = json.dumps(schema, sort_keys=True)
        if key not in self._references:
            self._references[key] = OAS30Validator(_rebase(schema), registry=self._registry)
        return self._references[key]

    def validate(self, schema: dict[str, Any], instance: Any, where: str) -> None:
        validator = self._validator(schema)
        if validator.is_valid(instance):
            return
        errors = sorted(validator.iter_errors(instance), key=lambda e: list(e.instance_path))
        first = errors[0]
        location = "/".join(str(p) for p in first.instance_path)
        raise ContractViolation(f"{where}: at '{location}': {first.message[:400]}")

    # -- responses ----------------------------------------------------------------------

    def check_response(self, method: str, url: str, status: int, body: bytes) -> Operation:
        path = _relative_path(url)
        op = self.match(method, path)
        where = f"{method} {op.path} -> {status}"
        responses = op.spec.get("responses", {})
        spec = responses.get(str(status))
        if spec is None:
            if status in ERROR_STATUSES:
                self._check_error(body, status, where)
                return op
            raise ContractViolation(
                f"{where}: status {status} is not in the contract ({sorted(responses)})"
            )
        spec = self.resolve(spec)
        content = spec.get("content", {}).get("application/json")
        if content is None:
            if body.strip() and status not in (204, 205):
                raise ContractViolation(f"{where}: the contract gives no body, got {body[:100]!r}")
            return op
        if status >= 400:
            self._check_error(body, status, where)
            return op
        try:
            data = json.loads(body)
        except ValueError as exc:
            raise ContractViolation(f"{where}: body is not JSON: {body[:200]!r}") from exc
        self.validate(content["schema"], data, where)
        return op

    def _check_error(self, body: bytes, status: int, where: str) -> None:
        try:
            data = json.loads(body)
        except ValueError as exc:
            raise ContractViolation(f"{where}: error body is not JSON: {body[:200]!r}") from exc
        self.validate(ERROR_SCHEMA, data, where)
        if data["error"]["code"] != status:
            raise ContractViolation(f"{where}: error.code {data['error']['code']} != {status}")

    # -- requests -----------------------------------------------------------------------

    def check_request(self, method: str, url: str, body: bytes | None) -> Operation:
        path = _relative_path(url)
        op = self.match(method, path)
        where = f"{method} {op.path} (request)"
        params = [self.resolve(p) for p in op.spec.get("parameters", [])]
        query_specs = {p["name"]: p for p in params if p["in"] == "query"}
        query = parse_qsl(urlsplit(url).query, keep_blank_values=True)
        seen: dict[str, list[str]] = {}
        for name, value in query:
            seen.setdefault(name, []).append(value)
        for name, values in seen.items():
            if name not in query_specs:
                raise ContractViolation(f"{where}: unknown query parameter {name!r}")
            schema = self.resolve(query_specs[name].get("schema", {}))
            self.validate(schema, _coerce_query(values, schema), f"{where} query {name}")
        for name, spec in query_specs.items():
            if spec.get("required") and name not in seen:
                raise ContractViolation(f"{where}: missing required query parameter {name!r}")
        match = op.regex.match(path)
        assert match is not None
        for name, value in match.groupdict().items():
            if not value:
                raise ContractViolation(f"{where}: empty path parameter {name}")
        request_body = op.spec.get("requestBody")
        if request_body is None:
            if body and body.strip():
                raise ContractViolation(f"{where}: the contract takes no body")
            return op
        request_body = self.resolve(request_body)
        if not body or not body.strip():
            if request_body.get("required"):
                raise ContractViolation(f"{where}: body is required")
            return op
        schema = request_body["content"]["application/json"]["schema"]
        self.validate(schema, json.loads(body), f"{where} body")
        return op


def compiled_form(node: Any, *, openapi_30: bool) -> Any:
    """``node`` (a schema, or the whole contract) as plain JSON Schema for ``jsonschema-rs``,
    read as ``openapi-schema-validator`` reads it: in OpenAPI 3.0, ``nullable: true`` beside a
    ``type`` admits null (elsewhere it means nothing, in both). The contracts use no other
    keyword the two read differently (a ``$ref``'s siblings are ``default`` and a typeless
    ``nullable``; no property is ``readOnly`` in the 3.0 one); the agreement test would show
    one that came."""
    if isinstance(node, list):
        return [compiled_form(item, openapi_30=openapi_30) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: compiled_form(value, openapi_30=openapi_30) for key, value in node.items()}
    if openapi_30 and out.get("nullable") is True and isinstance(out.get("type"), str):
        out["type"] = [out["type"], "null"]
    return out


def _without_discriminators(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: _without_discriminators(v) for k, v in node.items() if k != "discriminator"}
    if isinstance(node, list):
        return [_without_discriminators(v) for v in node]
    return node


def _rebase(schema: dict[str, Any]) -> dict[str, Any]:
    """Point local refs at the registered document so nested refs resolve."""
    text = json.dumps(schema).replace('"#/components/', '"urn:contract#/components/')
    result: dict[str, Any] = json.loads(text)
    return result


def _relative_path(url: str) -> str:
    path = unquote(urlsplit(url).path)
    index = path.find("/v1/")
    return path[index + 3 :] if index >= 0 else path


def _coerce_query(values: list[str], schema: dict[str, Any]) -> Any:
    kind = schema.get("type")
    if kind == "array":
        item_schema = schema.get("items", {})
        return [_coerce_scalar(v, item_schema) for v in values]
    return _coerce_scalar(values[-1], schema)


def _coerce_scalar(value: str, schema: dict[str, Any]) -> Any:
    kind = schema.get("type")
    if kind in ("number", "integer"):
        try:
            number = float(value)
        except ValueError:
            return value
        return int(number) if number == int(number) and kind == "integer" else number
    if kind == "boolean":
        return {"true": True, "false": False}.get(value, value)
    return value


class OAS31Contract(Contract):
    """A contract in OpenAPI 3.1 (the live one): JSON Schema 2020-12, ``type: "null"`` unions."""

    OPENAPI_30 = False

    def __init__(self, document: dict[str, Any]) -> None:
        super().__init__(document)
        resource = Resource(contents=_without_discriminators(document), specification=DRAFT202012)
        self._registry = Registry().with_resource("urn:contract", resource)

    def reference_validator(self, schema: dict[str, Any]) -> Any:
        """The pure-Python OpenAPI 3.1 validator of a schema node (the compiled one's oracle)."""
        key = json.dumps(schema, sort_keys=True)
        if key not in self._references:
            self._references[key] = OAS31Validator(_rebase(schema), registry=self._registry)
        return self._references[key]


@cache
def load_contract() -> Contract:
    """The seed profile's contract (``openapi.json``)."""
    return Contract(json.loads(CONTRACT_PATH.read_text()))


@cache
def load_profile_contract(profile: Profile) -> Contract:
    """The vendored contract of a profile (the seed one is the suite's shared instance)."""
    if profile == "seed":
        return load_contract()
    document = json.loads(CONTRACT_FILES[profile].read_text())
    if profile == "live":
        _relax_page_edited(document)
    if str(document.get("openapi", "")).startswith("3.1"):
        return OAS31Contract(document)
    return Contract(document)


def _relax_page_edited(document: dict[str, Any]) -> None:
    """One ambiguity of 0.202.0, read as ``anyOf``: a ``page_edited`` change's ``attributes`` is a
    ``oneOf`` of three schemas (document, group, link) that all accept any object with one known
    property, so no instance can match exactly one of them. Everything else is checked strictly."""
    schemas = document["components"]["schemas"]
    attributes = schemas["RevisionSemanticChangePageEdited"]["properties"]["attributes"]
    if "oneOf" in attributes:
        attributes["anyOf"] = attributes.pop("oneOf")


JSON_DOCUMENT: dict[str, Any] = {"$ref": "#/components/schemas/JSONDocument"}
"""The live contract's schema of a page's JSON document."""


@cache
def document_contract() -> OAS31Contract:
    """The live contract with three defects of its 0.202 schemas read as intended (a document
    would otherwise fail on them whatever it holds): ``PlainObject`` has no ``type``, so a string
    prop matches two branches of its ``oneOf`` (read as ``anyOf``); a button's ``data`` is
    ``allOf`` the label/kind object and a ``oneOf`` of ``{ref}``/``{action}`` objects that
    forbid other properties, so no labelled button passes (the alternatives' closing is
    dropped, their ``required`` kept); a table record's value is a ``oneOf`` where a URL or file
    ref matches both ``ContentRef`` and ``DocumentTableImageRecord``, so no card links to a
    page by its URL (read as ``anyOf``)."""
    document = json.loads(CONTRACT_FILES["live"].read_text())
    schemas = document["components"]["schemas"]
    plain = schemas["PlainObject"]["additionalProperties"]
    plain["anyOf"] = plain.pop("oneOf")
    button = schemas["DocumentInlineButton"]["properties"]["data"]["allOf"][1]["oneOf"]
    for alternative in button:
        alternative.pop("additionalProperties", None)
    value = schemas["DocumentTableRecord"]["properties"]["values"]["additionalProperties"]
    value["anyOf"] = value.pop("oneOf")
    return OAS31Contract(document)
