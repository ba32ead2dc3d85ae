"""Contractive penalties ||dh/du||_F^2 for h = sigmoid(W u + b)."""
import torch


def analytic_contractive(model, h, u):
    """Closed form: sum_j (h_j (1 - h_j))^2 * ||W_j||^2 (Rifai et al. 2011)."""
    w_sq = model.enc.weight.pow(2).sum(dim=1)
    return ((h * (1 - h)).pow(2) * w_sq).sum(dim=1).mean()


def autograd_contractive(model, h, u):
    """Same quantity by differentiating each hidden unit (kept to cross-check the closed form)."""
    u = u.detach().requires_grad_(True)
    h = model.encode(u)
    total = u.new_zeros(())
    for j in range(h.shape[1]):
        (g,) = torch.autograd.grad(h[:, j].sum(), u, create_graph=True, retain_graph=True)
        total = total + g.pow(2).sum(dim=1).mean()
    return total


PENALTIES = {"analytic": analytic_contractive, "autograd": autograd_contractive}
