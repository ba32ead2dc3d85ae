import torch
import torch.nn.functional as F


class JacobianPenalty:
    """||J_enc(x) v||^2 for a random unit v in latent space (Hoffman et al. 2019 style)."""

    def __init__(self, enc, n_proj=1):
        self.enc = enc
        self.n_proj = n_proj

    def __call__(self, x):
        x = x.detach().requires_grad_(True)
        z = self.enc.embed(x)
        total = 0.0
        for _ in range(self.n_proj):
            v = torch.randn_like(z)
            v = v / v.norm(dim=1, keepdim=True)
            (jv,) = torch.autograd.grad(z, x, grad_outputs=v, create_graph=True)
            total = total + jv.pow(2).sum() / x.size(0)
        return total * z.size(1) / self.n_proj


def reconstruction(recon, target):
    return F.mse_loss(recon, target)
