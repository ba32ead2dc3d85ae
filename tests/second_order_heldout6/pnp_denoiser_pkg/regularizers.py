"""Lipschitz regularisation of a denoiser D: penalise the spectral norm of the Jacobian of 2D - Id
(firm non-expansiveness, Hurault et al. 2022), estimated by power iteration with double backprop."""
import torch


def jacobian_spectral_norm(denoiser, x_hat, n_iter=10, eps=1e-6):
    x_hat = x_hat.detach().requires_grad_(True)
    out = 2.0 * denoiser(x_hat) - x_hat
    u = torch.randn_like(x_hat)
    u = (u / u.flatten(1).norm(dim=1).view(-1, 1, 1, 1)).requires_grad_(True)
    for i in range(n_iter):
        last = i == n_iter - 1
        w = torch.autograd.grad(out, x_hat, grad_outputs=u, create_graph=True)[0]
        v = torch.autograd.grad(w, u, grad_outputs=w.detach(), create_graph=last)[0]
        z = v.flatten(1).norm(dim=1)
        if not last:
            u = (v / (z.view(-1, 1, 1, 1) + eps)).detach().requires_grad_(True)
    return z.max()


class FirmNonExpansivePenalty:
    def __init__(self, weight=1e-3, target=1.0):
        self.weight = weight
        self.target = target

    def __call__(self, denoiser, clean, noisy):
        tau = torch.rand(clean.size(0), 1, 1, 1, device=clean.device)
        x_hat = tau * clean + (1 - tau) * denoiser(noisy).detach()
        sigma = jacobian_spectral_norm(denoiser, x_hat)
        return self.weight * torch.clamp(sigma, min=self.target) ** 2
