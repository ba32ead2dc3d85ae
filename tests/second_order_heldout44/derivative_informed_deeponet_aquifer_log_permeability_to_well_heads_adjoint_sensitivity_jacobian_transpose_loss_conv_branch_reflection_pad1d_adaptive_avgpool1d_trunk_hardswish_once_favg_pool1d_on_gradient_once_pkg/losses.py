"""Data misfit plus the derivative-informed term: J(m)^T w of the surrogate vs adjoint sensitivities."""
import torch
import torch.nn.functional as F


def surrogate_jtw(model, m, y, w):
    """J^T w of the surrogate w.r.t. the input field, kept differentiable for training."""
    m = m.clone().requires_grad_(True)
    u = model(m, y)
    jtw = torch.autograd.grad((u * w).sum(), m, create_graph=True)[0]
    return u, jtw


def dino_loss(model, m, y, u_true, w, jtw_true, cfg):
    u, jtw = surrogate_jtw(model, m, y, w)
    data = F.mse_loss(u, u_true)
    k = cfg["coarse"]
    pred_c = F.avg_pool1d(jtw.unsqueeze(1), k).squeeze(1)
    true_c = F.avg_pool1d(jtw_true.unsqueeze(1), k).squeeze(1)
    jac = ((pred_c - true_c) ** 2).sum(-1).mean() / (true_c ** 2).sum(-1).mean()
    return cfg["w_data"] * data + cfg["w_jac"] * jac, data, jac
