"""Layer-wise curvature (power iteration on Hessian-vector products) of one conv layer of a camera-trap
detector built by a factory; used to pick per-layer learning rates."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def build_detector(ch=(3, 8, 16)):
    return nn.Sequential(
        nn.Conv2d(ch[0], ch[1], 3, padding=1),
        nn.ELU(),
        nn.Conv2d(ch[1], ch[2], 3, padding=1),
        nn.ReLU6(),
        nn.AdaptiveAvgPool2d((1, 1)),
        nn.Flatten(),
        nn.Linear(ch[2], 1),
    )


def top_eigenvalue(net, layer_idx, x, y, iters=5):
    w = net[layer_idx].weight
    loss = F.binary_cross_entropy_with_logits(net(x).squeeze(1), y)
    g, = torch.autograd.grad(loss, w, create_graph=True)
    v = torch.randn_like(w)
    v /= v.norm()
    eig = 0.0
    for _ in range(iters):
        hv, = torch.autograd.grad(g, w, grad_outputs=v, retain_graph=True)
        eig = (hv * v).sum().item()
        v = hv / (hv.norm() + 1e-12)
    return eig


if __name__ == "__main__":
    net = build_detector()
    x, y = torch.randn(6, 3, 16, 16), torch.randint(0, 2, (6,)).float()
    lam = top_eigenvalue(net, 2, x, y)
    base_lr = 0.1
    opt = torch.optim.SGD([{"params": net[2].parameters(), "lr": base_lr / max(lam, 1.0)},
                           {"params": [p for i, m in enumerate(net) if i != 2 for p in m.parameters()]}],
                          lr=base_lr)
    loss = F.binary_cross_entropy_with_logits(net(x).squeeze(1), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(lam, loss.item())
