import torch


def symplectic_field(H, q, p):
    q = q.requires_grad_(True)
    p = p.requires_grad_(True)
    energy = H(q, p).sum()
    dq, dp = torch.autograd.grad(energy, (q, p), create_graph=True)
    return dp, -dq
