"""Laplace approximation for Bayesian logistic regression: MAP fit, then torch.autograd.functional.hessian of the loss."""
import torch
import torch.nn.functional as F
from torch.autograd.functional import hessian


def neg_log_posterior(w, X, y, prior_prec=1.0):
    logits = X @ w
    nll = F.binary_cross_entropy_with_logits(logits, y, reduction="sum")
    return nll + 0.5 * prior_prec * (w * w).sum()


def fit_map(X, y, steps=500):
    w = torch.zeros(X.shape[1], requires_grad=True)
    opt = torch.optim.LBFGS([w], lr=0.5)
    for _ in range(steps // 20):
        def closure():
            opt.zero_grad()
            loss = neg_log_posterior(w, X, y)
            loss.backward()
            return loss
        opt.step(closure)
    return w.detach()


def laplace(X, y):
    w_map = fit_map(X, y)
    H = hessian(lambda w: neg_log_posterior(w, X, y), w_map)
    cov = torch.linalg.inv(H)
    return w_map, cov


if __name__ == "__main__":
    X = torch.randn(200, 5)
    y = (X[:, 0] - X[:, 1] > 0).float()
    print(laplace(X, y))
