"""Gradient-based attention maps |d logit_y / d x| (Zagoruyko & Komodakis 2017, "gradient-based AT")."""
import torch
import torch.nn.functional as F


def saliency_map(net, x, y, create_graph=False):
    x = x.clone().requires_grad_(True)
    score = net(x).gather(1, y[:, None]).sum()
    (gx,) = torch.autograd.grad(score, x, create_graph=create_graph)
    amap = gx.abs().sum(1)
    return F.normalize(amap.flatten(1), dim=1)


def distill_loss(s_logits, t_logits, T=4.0):
    return F.kl_div(F.log_softmax(s_logits / T, -1), F.softmax(t_logits / T, -1), reduction="batchmean") * T * T
