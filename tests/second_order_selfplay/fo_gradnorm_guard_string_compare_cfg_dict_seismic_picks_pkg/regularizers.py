import torch


def input_gradnorm(model, x):
    x = x.detach().requires_grad_(True)
    g, = torch.autograd.grad(model(x).sum(), x, create_graph=True)
    return g.pow(2).sum(dim=(1, 2)).mean()
