import torch


def encoder_jacobian_penalty(enc, noisy, n_proj=1):
    """Random-projection estimate of ||d enc(x) / dx||_F^2 (Hoffman et al. 2019)."""
    x = noisy.detach().requires_grad_(True)
    code = enc.encode(x)
    total = 0.0
    for _ in range(n_proj):
        v = torch.randn_like(code)
        v = v / v.flatten(1).norm(dim=1).view(-1, 1, 1, 1)
        Jv, = torch.autograd.grad(code, x, grad_outputs=v, create_graph=True)
        total = total + code[0].numel() * Jv.pow(2).sum() / (n_proj * x.shape[0])
    return total
