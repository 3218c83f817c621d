"""The Cloud Guide's pages, in GitBook markdown as Git Sync writes it: every block, inline and
mark of GitBook's document model, links inside every kind of container, and the broken links
people really leave (see `gitbook_mcp.local.seed.cloud` for which is which)."""

from __future__ import annotations

__all__ = [
    "API_REFERENCE",
    "ARCHITECTURE",
    "CONCEPTS",
    "DEPLOYING",
    "LEGACY_CLI",
    "OVERVIEW",
    "QUICKSTART",
    "RELEASE_NOTES",
    "TROUBLESHOOTING",
]

OVERVIEW = """\
## What Acme Cloud does

Acme Cloud runs your **services**, _jobs_ and ~~cron boxes~~ `workers` behind one \
<kbd>acme</kbd> command. Quotas grow as 2<sup>n</sup>, logs keep H<sub>2</sub>O-grade \
<mark style="color:orange;">retention</mark> and the current release is \
<code class="expression">space.vars.version</code>.

Ask [Eddie Editor](/users/usr_editor "mention") or read the [Quickstart](quickstart.md). \
<a href="quickstart.md" class="button primary" data-icon="rocket">Get started</a> \
<span data-gb-custom-inline data-tag="emoji" data-code="1f680">🚀</span> \
<i class="fa-github" style="color:$primary;">:github:</i> costs grow as $$O(n \\log n)$$, \
and every job has a [TTL](#user-content-fn-1)[^1]. \
<img src="../.gitbook/assets/acme-logo.png" alt="Acme" data-size="line">

{% hint style="info" %}
New to Acme? The [architecture overview](concepts/architecture.md) explains the moving parts, \
and [Deploying](concepts/deploying.md#rolling-out) how releases roll out.
{% endhint %}

## Tokens

Create a token in the settings, then follow the [Quickstart](quickstart.md#install).

<table data-view="cards"><thead><tr><th></th><th></th><th data-hidden data-card-target \
data-type="content-ref"></th></tr></thead><tbody><tr><td><strong>Quickstart</strong></td>\
<td>Install and deploy in five minutes.</td><td><a href="quickstart.md">quickstart.md</a></td>\
</tr><tr><td><strong>Concepts</strong></td><td>Services, jobs and regions.</td>\
<td><a href="concepts/">concepts</a></td></tr><tr><td><strong>Deploying</strong></td>\
<td>Roll out safely.</td><td><a href="concepts/deploying.md">deploying.md</a></td></tr></tbody></table>

{% columns %}
{% column width="50%" %}
### For developers

Start with the [API reference](api-reference.md).
{% endcolumn %}

{% column %}
### For operators

Read the [release notes](release-notes.md).
{% endcolumn %}
{% endcolumns %}

{% content-ref url="concepts/" %}
[concepts](concepts/)
{% endcontent-ref %}

{% embed url="https://www.youtube.com/watch?v=acme-cloud-tour" %}
A ten-minute tour of Acme Cloud.
{% endembed %}

{% if visitor.claims.unsigned.plan === "enterprise" %}
Enterprise customers get a dedicated region: see [Architecture](concepts/architecture.md).
{% endif %}

[^1]: Time to live, in seconds, after which a finished job is removed.
"""

QUICKSTART = """\
## Install

{% hint style="success" %}
The installer needs no root access. It also checks your [API token](overview.md#tokens).
{% endhint %}

{% tabs %}
{% tab title="macOS" icon="apple" %}
Install with Homebrew, then read [Configure](quickstart.md#configure).
{% endtab %}

{% tab title="Linux" %}
Use the package of your distribution; the [Concepts](concepts.md) page lists them.
{% endtab %}
{% endtabs %}

{% code title="acme.toml" lineNumbers="true" %}
```toml
[service]
name = "hello"
region = "eu-west"
```
{% endcode %}

## Configure

| Setting | Meaning |
| --- | --- |
| `region` | Where the service runs, see [Architecture](concepts/architecture.md). |
| `token` | Your API token, see the [Overview](overview.md#tokens). |

{% stepper %}
{% step %}
### Log in

Run `acme login`, as the [Overview](overview.md) explains.
{% endstep %}

{% step %}
### Deploy

Run `acme deploy`; the [architecture notes](concepts/architecture.md) say what happens.
{% endstep %}
{% endstepper %}

<details>

<summary>The deploy hangs</summary>

Check the [deployment guide](concepts/deploying.md) and the \
[runbook](../.gitbook/assets/runbook.pdf).

</details>

{% prompt description="Explain a failed deploy" openInAIProviders="true" %}
```
Explain why this deploy failed and which setting to change.
```
{% endprompt %}
"""

CONCEPTS = """\
## Services, jobs and regions

A **service** runs all the time; a **job** runs once. Both run in a region.

* Services
  1. web services
  2. workers
* Jobs

<!---->

* [x] pick a region
* [ ] set a budget

***

### Regions

#### Failure domains

> A region is a failure domain.
>
> > Plan for losing one.
"""

ARCHITECTURE = """\
## Components

<figure><img src="../../.gitbook/assets/architecture.png" alt="The control plane and two \
regions" width="600"><figcaption><p>The control plane and its regions, see \
<a href="deploying.md">Deploying</a>.</p></figcaption></figure>

<div align="center"><figure><picture><source srcset="../../.gitbook/assets/architecture-dark.png" \
media="(prefers-color-scheme: dark)"><img src="../../.gitbook/assets/architecture.png" \
alt="Light and dark"></picture><figcaption></figcaption></figure></div>

<img src="../../.gitbook/assets/flow.drawing.svg" alt="" class="gitbook-drawing">

{% file src="../../.gitbook/assets/runbook.pdf" %}
The on-call runbook (PDF).
{% endfile %}

## Capacity

$$
capacity = regions \\times nodes \\times 0.8
$$
"""

DEPLOYING = """\
## Rolling out

Every deploy rolls out region by region; see [Architecture](architecture.md#components).

## Rolling back

Run `acme rollback`. The [old rollback guide](../guides/rollback.md) is gone.
"""

API_REFERENCE = """\
## Endpoints

{% swagger src="https://petstore3.swagger.io/api/v3/openapi.json" path="/pet" method="post" %}
[openapi.json](https://petstore3.swagger.io/api/v3/openapi.json)
{% endswagger %}

{% openapi-operation spec="petstore" path="/pet/{petId}" method="get" %}
[OpenAPI petstore](https://petstore3.swagger.io/api/v3/openapi.json)
{% endopenapi-operation %}

{% openapi-schemas spec="petstore" schemas="Pet,Category" grouped="true" %}
[OpenAPI petstore](https://petstore3.swagger.io/api/v3/openapi.json)
{% endopenapi-schemas %}

{% openapi-webhook spec="internal-api" name="deploy-finished" method="post" %}
[OpenAPI internal-api](https://petstore3.swagger.io/api/v3/openapi.json)
{% endopenapi-webhook %}

{% @github-files/github-code-block url="https://github.com/acme/cloud/blob/main/openapi.yaml" %}

{% include "/reusable-content/rc_support_footer" %}
"""

RELEASE_NOTES = """\
## 2026

{% updates format="full" %}
{% update date="2026-03-02" tags="api,fix" %}
## Faster deploys

Deploys now start in seconds; see [Deploying](concepts/deploying.md).
{% endupdate %}

{% update date="2026-01-15" %}
## Regions

Two new regions, listed in [Architecture](concepts/architecture.md).
{% endupdate %}
{% endupdates %}
"""

LEGACY_CLI = """\
## The legacy CLI

Replaced by `acme`: see the [Quickstart](quickstart.md).
"""

TROUBLESHOOTING = """\
## Common problems

These notes were moved here from the old wiki, and some of their links were never updated.

{% hint style="warning" %}
A refused token has expired: see [the token section](overview.md#access-tokens).
{% endhint %}

{% tabs %}
{% tab title="CLI" %}
Reinstall as the [install notes](../install-notes.md) explain.
{% endtab %}

{% tab title="Console" %}
Sign in again from the [Overview](overview.md).
{% endtab %}
{% endtabs %}

| Symptom | Where to look |
| --- | --- |
| `acme` not found | The [Legacy CLI](legacy-cli.md) page. |
| Slow deploys | The [Architecture](concepts/architecture.md) page. |

{% stepper %}
{% step %}
### Read the architecture

Start from the [architecture notes](architecture.md).
{% endstep %}

{% step %}
### Read the deploy guide

Then the [deploy guide](guides/deploy.md).
{% endstep %}
{% endstepper %}

<details>

<summary>Screenshots of the old console</summary>

![The old console](../.gitbook/assets/old-console.png)

</details>

<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target \
data-type="content-ref"></th></tr></thead><tbody><tr><td><strong>Rollbacks</strong></td>\
<td><a href="guides/rollback.md">rollback.md</a></td></tr><tr><td><strong>Quickstart</strong>\
</td><td><a href="quickstart.md">quickstart.md</a></td></tr></tbody></table>

{% file src="../.gitbook/assets/postmortem.pdf" %}
The last postmortem.
{% endfile %}

The published [quickstart](https://acme.gitbook.io/docs/quickstart) moved, then its page was \
deleted.
"""
