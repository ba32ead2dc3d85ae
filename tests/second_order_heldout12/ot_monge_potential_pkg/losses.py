import torch


def transport_map(f, x, create_graph=False):
    x = x.requires_grad_(True)
    phi = f.potential(x)
    (tx,) = torch.autograd.grad(phi.sum(), x, create_graph=create_graph)
    return tx


def w2_dual_loss(f, g, x, y, create_graph=False):
    """Makkar et al. (2020) min-max W2 objective with two potentials f (source) and g (target)."""
    ty = transport_map(g, y, create_graph=create_graph)
    f_ty = f(ty)
    dual = f(x).mean() - f_ty.mean() - ((y * ty).sum(-1)).mean()
    return dual, ty
