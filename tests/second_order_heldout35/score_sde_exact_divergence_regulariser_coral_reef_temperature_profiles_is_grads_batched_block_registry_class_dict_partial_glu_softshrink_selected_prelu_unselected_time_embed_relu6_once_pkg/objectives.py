"""Denoising score matching plus an exact-divergence regulariser (is_grads_batched Jacobian diagonal)."""
import torch


def exact_divergence(score, x):
    eye = torch.eye(x.shape[1]).unsqueeze(1).expand(-1, x.shape[0], -1)
    (jac_rows,) = torch.autograd.grad(score, x, grad_outputs=eye, is_grads_batched=True, create_graph=True)
    return torch.einsum("ibi->b", jac_rows)


def dsm_with_divergence(model, x0, cfg):
    log_ratio = torch.rand(x0.shape[0], 1) * torch.log(torch.tensor(cfg.sigma_max / cfg.sigma_min))
    sigma = cfg.sigma_min * log_ratio.exp()
    noise = torch.randn_like(x0)
    x = (x0 + sigma * noise).requires_grad_(True)
    score = model(x, sigma)
    dsm = ((sigma * score + noise) ** 2).sum(1).mean()
    div = exact_divergence(score, x)
    return dsm + cfg.div_weight * (sigma.squeeze(1) ** 2 * div).pow(2).mean()
