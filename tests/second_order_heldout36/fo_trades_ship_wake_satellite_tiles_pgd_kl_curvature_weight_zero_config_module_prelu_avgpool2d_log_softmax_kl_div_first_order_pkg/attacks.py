import torch
import torch.nn.functional as F

import config


def trades_pgd(model, x):
    model.eval()
    with torch.no_grad():
        p_clean = F.softmax(model(x), dim=1)
    x_adv = x + 0.001 * torch.randn_like(x)
    for _ in range(config.PGD_ITERS):
        x_adv = x_adv.detach().requires_grad_(True)
        kl = F.kl_div(F.log_softmax(model(x_adv), dim=1), p_clean, reduction="sum")
        (g,) = torch.autograd.grad(kl, x_adv)
        x_adv = x_adv.detach() + config.PGD_STEP * g.sign()
        x_adv = torch.min(torch.max(x_adv, x - config.EPSILON), x + config.EPSILON).clamp(0, 1)
    model.train()
    return x_adv.detach()


def curvature_penalty(model, x, y):
    """CURE: || grad(x + h z) - grad(x) ||^2 along the gradient sign direction (second order)."""
    x = x.clone().requires_grad_(True)
    loss = F.cross_entropy(model(x), y)
    (g,) = torch.autograd.grad(loss, x, create_graph=True)
    z = config.CURVATURE_H * g.sign().detach()
    x_h = (x + z).detach().requires_grad_(True)
    (g_h,) = torch.autograd.grad(F.cross_entropy(model(x_h), y), x_h, create_graph=True)
    return (g_h - g).pow(2).flatten(1).sum(1).mean()
