# gitbook-mcp: the MCP server over streamable HTTP, as a non-root, runtime-only image.
# Stage 1 builds the wheel with the locked build backend (hatchling, pinned with hashes in
# requirements.lock); stage 2 installs only the runtime lock and the wheel, nothing else.
# See docs/deployment.md. Build: docker build -t gitbook-mcp:0.2.0 .
# The base image is pinned by digest (the multi-arch index of python:3.11-slim), so a rebuild
# gets the bytes that were reviewed; to move it, take the new digest from
# `docker buildx imagetools inspect python:3.11-slim` and change both FROM lines together.

FROM python:3.11-slim@sha256:9c900dea9e8fb7e16277c179b555cc72d29a352dbc33cff48ad5a0412fd5bfc7 AS build
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
WORKDIR /src
COPY requirements.lock ./
RUN python -m pip install --require-hashes -r requirements.lock
COPY pyproject.toml README.md ./
COPY src ./src
COPY prompts ./prompts
RUN python -m pip wheel --no-deps --no-build-isolation --wheel-dir /dist .

FROM python:3.11-slim@sha256:9c900dea9e8fb7e16277c179b555cc72d29a352dbc33cff48ad5a0412fd5bfc7 AS runtime
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1 \
    PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 \
    GITBOOK_TRANSPORT=streamable-http GITBOOK_HOST=0.0.0.0 GITBOOK_PORT=8000 \
    GITBOOK_LOCAL_DB=/data/local.db
COPY requirements.lock /tmp/requirements.lock
COPY --from=build /dist/ /tmp/dist/
RUN python -m pip install --require-hashes -r /tmp/requirements.lock \
    && python -m pip install --no-deps /tmp/dist/*.whl \
    && rm -rf /tmp/requirements.lock /tmp/dist \
    && useradd --uid 10001 --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin app \
    && mkdir /data && chown 10001:10001 /data
# The MCP registry checks that the image belongs to the server.json name (scripts/release_check.py
# keeps the two equal); GHCR links the package to its repository by the source label.
LABEL io.modelcontextprotocol.server.name="io.github.gitbook-mcp/gitbook-mcp" \
      org.opencontainers.image.source="https://github.com/gitbook-mcp/gitbook-mcp"
USER 10001:10001
EXPOSE 8000
# Python's urllib, not curl: the image carries no HTTP tool of its own. The port is the server's
# own setting (GITBOOK_PORT), so `docker run -e GITBOOK_PORT=9000` is checked on 9000.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, sys, urllib.request; port = os.environ.get('GITBOOK_PORT', '8000'); sys.exit(0 if urllib.request.urlopen(f'http://127.0.0.1:{port}/healthz', timeout=4).status == 200 else 1)"]
ENTRYPOINT ["gitbook-mcp"]
# Streamable HTTP on 0.0.0.0, port GITBOOK_PORT (8000 unless set; no --port here, so the variable
# the healthcheck reads is the one the server binds). The server refuses to start without
# GITBOOK_MCP_AUTH_TOKEN (a bind beyond loopback needs a bearer token) and needs
# GITBOOK_API_TOKEN (or --local).
CMD ["--transport", "streamable-http", "--host", "0.0.0.0"]
