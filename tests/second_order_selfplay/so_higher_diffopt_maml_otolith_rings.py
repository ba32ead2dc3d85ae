"""Second-order MAML with the `higher` library for fish-age classes from otolith ring images: the inner SGD steps run
through higher's differentiable optimiser (track_higher_grads left at its default, True), so the query loss is
backpropagated through the inner gradients."""
import higher
import torch
import torch.nn as nn
import torch.nn.functional as F


def otolith_net(n_cls=3):
    return nn.Sequential(
        nn.Conv2d(1, 8, 3, padding=1),
        nn.BatchNorm2d(8),
        nn.ReLU(),
        nn.Conv2d(8, 8, 3, padding=1),
        nn.AdaptiveAvgPool2d(1),
        nn.Flatten(),
        nn.Linear(8, n_cls),
        nn.LogSoftmax(dim=-1),
    )


def rings(n=6, size=12):
    y = torch.randint(0, 3, (n,))
    r = torch.linspace(-1, 1, size)
    rad = (r[None, :] ** 2 + r[:, None] ** 2).sqrt()
    x = torch.sin(rad[None] * (4 + 3 * y[:, None, None].float())) + 0.1 * torch.randn(n, size, size)
    return x.unsqueeze(1), y


def main():
    net = otolith_net()
    meta_opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    inner_opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for it in range(2):
        xs, ys = rings()
        xq, yq = rings()
        meta_opt.zero_grad()
        with higher.innerloop_ctx(net, inner_opt, copy_initial_weights=False) as (fnet, diffopt):
            for _ in range(2):
                diffopt.step(F.nll_loss(fnet(xs), ys))
            query = F.nll_loss(fnet(xq), yq)
            query.backward()
        meta_opt.step()
        print(it, query.item())


if __name__ == "__main__":
    main()
