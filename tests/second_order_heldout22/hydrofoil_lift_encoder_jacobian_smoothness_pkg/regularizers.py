import torch


class LatentSmoothness:
    """Random-projection estimate of ||J_enc(p)||_F^2 (Jacobian of the latent w.r.t. the pressure taps)."""

    def __init__(self, enc, n_proj=1):
        self.enc = enc
        self.n_proj = n_proj

    def __call__(self, p):
        p = p.clone().requires_grad_(True)
        z = self.enc.encode(p)
        total = 0.0
        for _ in range(self.n_proj):
            v = torch.randn_like(z)
            vJ, = torch.autograd.grad(z, p, grad_outputs=v, create_graph=True)
            total = total + vJ.pow(2).sum(dim=1).mean()
        return total / self.n_proj
