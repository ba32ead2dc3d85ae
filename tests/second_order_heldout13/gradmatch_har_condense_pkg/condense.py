"""Dataset condensation by gradient matching (Zhao et al.), for sensor time series."""
import torch
import torch.nn.functional as F


def layer_distance(g_real, g_syn):
    if g_real.dim() == 1:
        return ((g_real - g_syn) ** 2).sum() * 0.0
    a, b = g_real.flatten(1), g_syn.flatten(1)
    return (1 - (a * b).sum(1) / (a.norm(dim=1) * b.norm(dim=1) + 1e-6)).sum()


def class_gradients(net, x, y, create_graph=False):
    params = [p for p in net.parameters() if p.requires_grad]
    loss = F.cross_entropy(net(x), y)
    grads = torch.autograd.grad(loss, params, create_graph=create_graph)
    if not create_graph:
        grads = [g.detach() for g in grads]
    return grads


def matching_loss(net, x_real, y_real, x_syn, y_syn, create_graph):
    g_real = class_gradients(net, x_real, y_real)
    g_syn = class_gradients(net, x_syn, y_syn, create_graph=create_graph)
    return sum(layer_distance(a, b) for a, b in zip(g_real, g_syn))
