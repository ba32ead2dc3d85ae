import torch


def smoothgrad(net, x, target, n=8, sigma=0.1, create_graph=False):
    acc = torch.zeros_like(x)
    for _ in range(n):
        xn = (x + sigma * torch.randn_like(x)).requires_grad_(True)
        score = net.scores(xn).gather(1, target[:, None]).sum()
        g, = torch.autograd.grad(score, xn, create_graph=create_graph)
        acc = acc + g
    return acc / n


def input_grad_norm(net, x, y, loss_fn):
    x = x.detach().clone().requires_grad_(True)
    g, = torch.autograd.grad(loss_fn(net(x), y), x)
    return g.flatten(1).norm(dim=1).mean().item()
