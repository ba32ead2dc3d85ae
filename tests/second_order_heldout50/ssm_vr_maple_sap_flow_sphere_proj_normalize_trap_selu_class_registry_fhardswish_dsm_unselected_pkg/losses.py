"""Score-matching objectives. Only the one named in TrainConfig.objective is used."""
import torch
import torch.nn.functional as F


def sample_projections(x, kind):
    if kind == "gaussian":
        return torch.randn_like(x)
    if kind == "rademacher":
        return torch.randint(0, 2, x.shape, device=x.device).to(x.dtype) * 2 - 1
    if kind == "sphere":
        return F.normalize(torch.randn_like(x), dim=-1) * x.shape[-1] ** 0.5
    raise ValueError(kind)


def ssm_vr(score_net, x, site, n_proj=1, projection="gaussian"):
    """Sliced score matching, variance-reduced (Song et al. 2019)."""
    x = x.detach().requires_grad_(True)
    s = score_net(x, site)
    loss = 0.5 * (s ** 2).sum(dim=-1)
    for _ in range(n_proj):
        v = sample_projections(x, projection)
        sv = (s * v).sum()
        (grad_sv,) = torch.autograd.grad(sv, x, create_graph=True)
        loss = loss + (grad_sv * v).sum(dim=-1) / n_proj
    return loss.mean()


def dsm(score_net, x, site, sigma=0.1, **_):
    """Denoising score matching (first order); kept for comparison runs."""
    noise = torch.randn_like(x) * sigma
    s = score_net(x + noise, site)
    return F.smooth_l1_loss(s * sigma, -noise / sigma)


OBJECTIVES = {"ssm_vr": ssm_vr, "dsm": dsm}
