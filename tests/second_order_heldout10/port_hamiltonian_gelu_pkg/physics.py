import torch


def time_derivatives(model, q, p, create_graph):
    """Hamilton's equations: dq/dt = dH/dp, dp/dt = -dH/dq (- R p for dissipative models)."""
    q = q.requires_grad_(True)
    p = p.requires_grad_(True)
    H = model(q, p)
    dHdq, dHdp = torch.autograd.grad(H.sum(), (q, p), create_graph=create_graph)
    dp = -dHdq
    if hasattr(model, "damping"):
        dp = dp - model.damping(p)
    return dHdp, dp


def vector_field_loss(model, q, p, dq_true, dp_true, create_graph=False):
    dq, dp = time_derivatives(model, q, p, create_graph)
    return ((dq - dq_true) ** 2).mean() + ((dp - dp_true) ** 2).mean()
