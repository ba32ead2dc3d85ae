"""Bayesian neural network for lake ice-out day-of-year, sampled with Hamiltonian Monte Carlo.

The potential is U(theta) = -log p(y | x, theta) - log p(theta); leapfrog integration needs only
grad U, taken with torch.autograd.grad on a detached copy of theta at every half step (first order).
"""
import math

import torch
import torch.nn.functional as F

N_OBS, HIDDEN, N_SAMPLES, N_LEAPFROG, STEP = 40, 12, 6, 8, 2e-3
SHAPES = [(HIDDEN, 3), (HIDDEN,), (HIDDEN, HIDDEN), (HIDDEN,), (1, HIDDEN), (1,)]
N_PARAMS = sum(math.prod(s) for s in SHAPES)


def unflatten(theta):
    out, i = [], 0
    for s in SHAPES:
        n = math.prod(s)
        out.append(theta[i:i + n].view(s))
        i += n
    return out


def bnn(theta, x):
    w1, b1, w2, b2, w3, b3 = unflatten(theta)
    h = F.elu(F.linear(x, w1, b1))
    h = F.elu(F.linear(h, w2, b2))
    return F.linear(h, w3, b3).squeeze(-1)


def potential(theta, x, y, noise_var=0.05, prior_std=1.0):
    mean = bnn(theta, x)
    nll = F.gaussian_nll_loss(mean, y, torch.full_like(y, noise_var), reduction="sum")
    return nll + 0.5 * (theta ** 2).sum() / prior_std ** 2


def grad_u(theta, x, y):
    theta = theta.detach().requires_grad_(True)
    g, = torch.autograd.grad(potential(theta, x, y), theta)
    return g


def hmc_step(theta, x, y, gen):
    p0 = torch.randn(N_PARAMS, generator=gen)
    q, p = theta.clone(), p0.clone()
    p = p - 0.5 * STEP * grad_u(q, x, y)
    for i in range(N_LEAPFROG):
        q = q + STEP * p
        if i < N_LEAPFROG - 1:
            p = p - STEP * grad_u(q, x, y)
    p = p - 0.5 * STEP * grad_u(q, x, y)
    with torch.no_grad():
        h0 = potential(theta, x, y) + 0.5 * (p0 ** 2).sum()
        h1 = potential(q, x, y) + 0.5 * (p ** 2).sum()
    accept = torch.rand(1, generator=gen).item() < math.exp(min(0.0, (h0 - h1).item()))
    return (q if accept else theta), accept


def ice_out_records(n, gen):
    winter_temp = torch.randn(n, generator=gen)
    snow = torch.rand(n, generator=gen)
    year = torch.linspace(-1, 1, n)
    x = torch.stack([winter_temp, snow, year], -1)
    y = -0.6 * winter_temp + 0.3 * snow - 0.4 * year + 0.1 * torch.randn(n, generator=gen)
    return x, y


def main():
    gen = torch.Generator().manual_seed(53)
    x, y = ice_out_records(N_OBS, gen)
    theta = 0.1 * torch.randn(N_PARAMS, generator=gen)
    samples, accepted = [], 0
    for s in range(N_SAMPLES):
        theta, acc = hmc_step(theta, x, y, gen)
        accepted += acc
        samples.append(theta)
    with torch.no_grad():
        preds = torch.stack([bnn(t, x) for t in samples])
    print(f"acceptance {accepted / N_SAMPLES:.2f}, posterior predictive sd {preds.std(0).mean().item():.3f}")


if __name__ == "__main__":
    main()
