import torch


def jacobian_penalty(enc, x, n_proj=1):
    """Random-projection estimate of ||d enc.embed / dx||_F^2 (Hoffman et al. 2019)."""
    x = x.detach().requires_grad_(True)
    z = enc.embed(x)
    total = 0.0
    for _ in range(n_proj):
        v = torch.randn_like(z)
        v = v / v.norm(dim=1, keepdim=True)
        jv, = torch.autograd.grad(z, x, grad_outputs=v, create_graph=True)
        total = total + jv.pow(2).sum() / x.size(0)
    return total * z.size(1) / n_proj
