import torch
import torch.nn.functional as F


def distance(gr, gs):
    """Layer-wise 1 - cosine distance between real and synthetic gradients."""
    if gr.dim() == 1:
        return (gr - gs).abs().sum() * 0.01
    gr, gs = gr.flatten(1), gs.flatten(1)
    cos = (gr * gs).sum(-1) / (gr.norm(dim=-1) * gs.norm(dim=-1) + 1e-6)
    return (1 - cos).sum()


def match_loss(net, x_real, y_real, x_syn, y_syn):
    params = [p for p in net.parameters() if p.requires_grad]
    real_loss = F.cross_entropy(net(x_real), y_real)
    g_real = [g.detach() for g in torch.autograd.grad(real_loss, params)]
    syn_loss = F.cross_entropy(net(x_syn), y_syn)
    g_syn = torch.autograd.grad(syn_loss, params, create_graph=True)
    return sum(distance(gr, gs) for gr, gs in zip(g_real, g_syn))
