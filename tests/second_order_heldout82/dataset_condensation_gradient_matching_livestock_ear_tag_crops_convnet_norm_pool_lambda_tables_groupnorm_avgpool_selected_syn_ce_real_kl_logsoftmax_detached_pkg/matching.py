"""Gradient matching: real-side gradients are constants, synthetic-side gradients keep the graph."""
import torch
import torch.nn.functional as F


def distance_wb(gwr, gws):
    shape = gwr.shape
    if len(shape) == 4:
        gwr, gws = gwr.reshape(shape[0], -1), gws.reshape(shape[0], -1)
    elif len(shape) == 1:   # bias / norm affine: ignored, as in the reference code
        return torch.tensor(0.0)
    return torch.sum(1 - torch.sum(gwr * gws, dim=-1) / (gwr.norm(dim=-1) * gws.norm(dim=-1) + 1e-6))


def match_loss(gw_syn, gw_real, metric):
    if metric == "ours":
        return sum(distance_wb(gr, gs) for gr, gs in zip(gw_real, gw_syn))
    if metric == "mse":
        return sum(((gs - gr) ** 2).sum() for gr, gs in zip(gw_real, gw_syn))
    raise ValueError(metric)


def real_gradients(net, params, img_real, lab_real, num_classes, smoothing):
    out = net(img_real)
    target = F.one_hot(lab_real, num_classes).float() * (1 - smoothing) + smoothing / num_classes
    loss = F.kl_div(F.log_softmax(out, dim=1), target, reduction="batchmean")
    gw = torch.autograd.grad(loss, params)
    return [g.detach().clone() for g in gw]


def syn_gradients(net, params, img_syn, lab_syn):
    loss = F.cross_entropy(net(img_syn), lab_syn)
    return torch.autograd.grad(loss, params, create_graph=True)
