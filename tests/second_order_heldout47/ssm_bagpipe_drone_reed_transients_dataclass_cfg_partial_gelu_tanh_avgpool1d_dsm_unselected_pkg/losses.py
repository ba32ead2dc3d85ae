"""Score-matching objectives; the run uses OBJECTIVES[cfg.objective]."""
import torch
import torch.nn.functional as F


def sliced_score_matching(model, x, cfg):
    x = x.detach().requires_grad_(True)
    s = model(x)
    total = x.new_zeros(x.shape[0])
    for _ in range(cfg.n_projections):
        v = torch.randn_like(x)
        sv = (s * v).sum()
        (jv,) = torch.autograd.grad(sv, x, create_graph=cfg.create_graph, retain_graph=True)
        total = total + (jv * v).sum(dim=1) + 0.5 * (s * v).sum(dim=1).pow(2)
    return total.mean() / cfg.n_projections


def denoising_score_matching(model, x, cfg):
    noise = torch.randn_like(x) * cfg.dsm_sigma
    target = -noise / cfg.dsm_sigma ** 2
    return F.smooth_l1_loss(model(x + noise), target) * cfg.dsm_sigma ** 2


OBJECTIVES = {"ssm": sliced_score_matching, "dsm": denoising_score_matching}
