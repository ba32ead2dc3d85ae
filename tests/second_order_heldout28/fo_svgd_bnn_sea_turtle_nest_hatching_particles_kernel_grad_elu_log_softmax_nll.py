"""Stein variational gradient descent (Liu & Wang 2016) over the weights of a tiny
Bayesian neural net predicting sea-turtle nest outcomes (hatched / partial / failed)
from sand temperature, moisture, depth, distance to the tide line and clutch size.

Each particle is a flat weight vector; the update uses first-order gradients of the
log posterior and of the RBF kernel only.
"""
import math

import torch
import torch.nn.functional as F

N_FEATURES, HIDDEN, N_CLASSES = 5, 8, 3
SHAPES = [(HIDDEN, N_FEATURES), (HIDDEN,), (N_CLASSES, HIDDEN), (N_CLASSES,)]
N_WEIGHTS = sum(math.prod(s) for s in SHAPES)


def unflatten(theta):
    out, i = [], 0
    for s in SHAPES:
        n = math.prod(s)
        out.append(theta[i:i + n].view(s))
        i += n
    return out


def predict_log_probs(theta, x):
    w1, b1, w2, b2 = unflatten(theta)
    h = F.elu(F.linear(x, w1, b1))
    return F.log_softmax(F.linear(h, w2, b2), dim=-1)


def log_posterior(particles, x, y, prior_std=1.0):
    lps = []
    for theta in particles:
        log_lik = -F.nll_loss(predict_log_probs(theta, x), y, reduction="sum")
        log_prior = -0.5 * (theta ** 2).sum() / prior_std ** 2
        lps.append(log_lik + log_prior)
    return torch.stack(lps)


def rbf_kernel(particles):
    sq = torch.cdist(particles, particles) ** 2
    h = sq.detach().median() / math.log(particles.size(0) + 1) + 1e-6
    return torch.exp(-sq / h)


def svgd_direction(particles, x, y):
    particles = particles.detach().requires_grad_(True)
    grad_logp, = torch.autograd.grad(log_posterior(particles, x, y).sum(), particles)
    K = rbf_kernel(particles)
    grad_K, = torch.autograd.grad(K.sum(), particles)
    return ((K.detach() @ grad_logp) + grad_K) / particles.size(0)


def nest_records(n=96):
    temp = 28 + 4 * torch.randn(n)
    moist = torch.rand(n)
    depth = 40 + 10 * torch.randn(n)
    tide = 20 * torch.rand(n)
    clutch = 80 + 20 * torch.randn(n)
    score = -0.4 * (temp - 30).abs() + 2 * moist - 0.05 * (depth - 45).abs() + 0.1 * tide
    y = torch.bucketize(score, torch.tensor([-2.0, 0.0]))
    x = torch.stack([(temp - 28) / 4, moist, (depth - 40) / 10, tide / 20, (clutch - 80) / 20], 1)
    return x, 2 - y


def main():
    torch.manual_seed(0)
    x, y = nest_records()
    particles = 0.3 * torch.randn(12, N_WEIGHTS)
    step = 0.05
    for it in range(5):
        phi = svgd_direction(particles, x, y)
        particles = particles + step * phi
        with torch.no_grad():
            probs = torch.stack([predict_log_probs(t, x).exp() for t in particles]).mean(0)
            acc = (probs.argmax(1) == y).float().mean()
        print(f"iter {it} ensemble acc {acc.item():.3f} |phi| {phi.norm().item():.3f}")


if __name__ == "__main__":
    main()
