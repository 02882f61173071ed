"""Finite fields GF(q), q a prime power, as addition and multiplication tables: the arithmetic
of the affine planes in `designs`.

An element is a number below q whose base-p digits are the coefficients of a polynomial over
GF(p); products are taken modulo the first irreducible polynomial of degree k (q = p**k).
"""

from __future__ import annotations

import functools
import itertools

Field = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]  # addition, product tables


def prime_power(q: int) -> tuple[int, int] | None:
    """(p, k) with q = p**k and p prime, or None."""
    if q < 2:
        return None
    p = next(d for d in range(2, q + 1) if q % d == 0)
    k = 0
    while q % p == 0:
        q //= p
        k += 1
    return (p, k) if q == 1 else None


def digits(value: int, p: int, k: int) -> list[int]:
    """A field element's polynomial coefficients, the constant first."""
    return [value // p**i % p for i in range(k)]


def number(coefficients: list[int], p: int) -> int:
    return sum(c * p**i for i, c in enumerate(coefficients))


def reduce(product: list[int], modulus: list[int], p: int) -> list[int]:
    """The remainder of a polynomial over GF(p) divided by a monic `modulus`."""
    rest = list(product)
    degree = len(modulus) - 1
    for top in range(len(rest) - 1, degree - 1, -1):
        factor = rest[top]
        if factor:
            for i, c in enumerate(modulus):
                rest[top - degree + i] = (rest[top - degree + i] - factor * c) % p
    return (rest + [0] * degree)[:degree]


def times(a: list[int], b: list[int], p: int) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for (i, x), (j, y) in itertools.product(enumerate(a), enumerate(b)):
        out[i + j] = (out[i + j] + x * y) % p
    return out


def irreducible(p: int, k: int) -> list[int]:
    """The first monic polynomial of degree k over GF(p) with no monic factor of lower degree."""
    for low in itertools.product(range(p), repeat=k):
        candidate = [*low, 1]
        if low[0] and not any(
            not any(reduce(candidate, [*f, 1], p))
            for degree in range(1, k // 2 + 1)
            for f in itertools.product(range(p), repeat=degree)
        ):
            return candidate
    raise AssertionError(f"no irreducible polynomial of degree {k} over GF({p})")  # never


@functools.cache
def field(q: int) -> Field:
    """The addition and multiplication tables of GF(q); ValueError if q is no prime power."""
    found = prime_power(q)
    if found is None:
        raise ValueError(f"there is no field of {q} elements")
    p, k = found
    modulus = irreducible(p, k)
    elements = [digits(v, p, k) for v in range(q)]
    plus = tuple(
        tuple(number([(x + y) % p for x, y in zip(a, b, strict=True)], p) for b in elements)
        for a in elements
    )
    product = tuple(
        tuple(number(reduce(times(a, b, p), modulus, p), p) for b in elements) for a in elements
    )
    return plus, product
