"""Which addresses an outside-link check may reach: public unicast only, judged on resolved addresses.

A URL's host is resolved first (through an injectable resolver), and every address it resolves to
must be public: loopback, private, link-local, site-local, multicast, shared (CGNAT), benchmarking,
reserved, unspecified, documentation, IETF protocol assignments (192.0.0.0/24: RFC 7600's
192.0.0.8 too) and every other block the IANA special-purpose registries mark not globally
reachable are refused, in IPv4 and IPv6, including IPv4
embedded in IPv6 (mapped, compatible, translated, 6to4, Teredo, NAT64). The named ranges are listed
here rather than left to ``ipaddress``, whose notion of "private" changes between Python versions.
One bad address refuses the host, so that a name cannot mix a public address with an internal one.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Awaitable, Callable, Collection

import anyio

__all__ = ["Resolver", "guard_host", "refusal", "system_resolver"]

Resolver = Callable[[str], Awaitable[list[str]]]
"""``await resolver(host)`` -> the host's IP addresses (as text)."""

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
_net = ipaddress.ip_network
_LAST_32_BITS = (
    _net("64:ff9b::/96"),  # NAT64, well-known prefix (RFC 6052)
    _net("64:ff9b:1::/48"),  # NAT64, local-use prefix (RFC 8215)
    _net("::/96"),  # IPv4-compatible (deprecated, RFC 4291)
    _net("::ffff:0:0:0/96"),  # IPv4-translated (SIIT, RFC 2765)
)
"""IPv6 ranges that carry an IPv4 address in their last 32 bits (mapped, 6to4, Teredo aside)."""
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def _within(network: Network) -> Callable[[IPAddress], bool]:
    return lambda address: address in network


_NAMED: tuple[tuple[str, Network], ...] = (
    ("this-network", _net("0.0.0.0/8")),
    ("shared (CGNAT)", _net("100.64.0.0/10")),
    ("benchmarking", _net("198.18.0.0/15")),
    ("site-local", _net("fec0::/10")),
)
_IANA: tuple[tuple[str, Network], ...] = (
    # The rest of the IANA special-purpose registries (IPv4 and IPv6) whose blocks are not
    # globally reachable, where `ipaddress` falls short in some Python versions (3.11's
    # is_global accepts 192.0.0.8, RFC 7600's dummy address). IETF protocol assignments are
    # refused whole (their few anycast exceptions are no link target).
    ("IETF protocol assignment", _net("192.0.0.0/24")),
    ("documentation", _net("192.0.2.0/24")),
    ("6to4 relay anycast", _net("192.88.99.0/24")),
    ("documentation", _net("198.51.100.0/24")),
    ("documentation", _net("203.0.113.0/24")),
    ("reserved", _net("240.0.0.0/4")),
    ("broadcast", _net("255.255.255.255/32")),
    ("discard-only", _net("100::/64")),
    ("dummy-prefix", _net("100:0:0:1::/64")),
    ("IETF protocol assignment", _net("2001::/23")),
    ("documentation", _net("2001:db8::/32")),
    ("documentation", _net("3fff::/20")),
    ("segment-routing SID", _net("5f00::/16")),
    ("unique-local", _net("fc00::/7")),
)
_CHECKS: tuple[tuple[str, Callable[[IPAddress], bool]], ...] = (
    ("unspecified", lambda a: a.is_unspecified),
    ("loopback", lambda a: a.is_loopback),
    ("link-local", lambda a: a.is_link_local),
    ("multicast", lambda a: a.is_multicast),
    *((name, _within(network)) for name, network in _NAMED),
    ("private", lambda a: a.is_private),
    ("reserved", lambda a: a.is_reserved),
    *((name, _within(network)) for name, network in _IANA),
    ("non-public", lambda a: not a.is_global),
)


async def system_resolver(host: str) -> list[str]:
    """The host's addresses from the system resolver (off the event loop)."""
    infos = await anyio.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    return sorted({str(info[4][0]) for info in infos})


def _embedded(address: IPAddress) -> IPAddress | None:
    """The IPv4 address an IPv6 address carries (mapped, compatible, translated, 6to4, Teredo,
    NAT64), if any."""
    if not isinstance(address, ipaddress.IPv6Address):
        return None
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address.sixtofour is not None:
        return address.sixtofour
    if address.teredo is not None:
        return address.teredo[1]
    if any(address in network for network in _LAST_32_BITS) and int(address) > 1:
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    return None


def refusal(text: str) -> str | None:
    """Why an address may not be reached (``"a loopback address"``), or None when it is public."""
    try:
        address = ipaddress.ip_address(text.split("%", 1)[0])
    except ValueError:
        return "not an IP address"
    for candidate in (_embedded(address), address):
        if candidate is None:
            continue
        for name, test in _CHECKS:
            if test(candidate):
                article = "an" if name[0] in "aeiou" else "a"
                return f"{article} {name} address"
    return None


def _literal(host: str) -> str | None:
    try:
        return str(ipaddress.ip_address(host.strip("[]")))
    except ValueError:
        return None


async def guard_host(
    host: str, resolver: Resolver, allow: Collection[str] = ()
) -> tuple[list[str], str | None]:
    """The host's addresses, and why it is refused (None when every address is public).

    ``allow`` names addresses reachable although not public (a test's loopback responder).
    """
    literal = _literal(host)
    if literal is not None:
        addresses = [literal]
    else:
        try:
            addresses = await resolver(host)
        except OSError as exc:
            return [], f"the host {host} could not be resolved ({exc.__class__.__name__})"
        if not addresses:
            return [], f"the host {host} could not be resolved"
    for address in addresses:
        why = None if address in allow else refusal(address)
        if why is not None:
            return addresses, f"refused: {host} resolves to {address}, {why}"
    return addresses, None
