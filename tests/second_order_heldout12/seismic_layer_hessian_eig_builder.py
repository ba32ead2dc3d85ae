# Sharpness monitor for a seismic phase picker: top Hessian eigenvalue w.r.t. one conv layer's weight,
# by power iteration on Hessian-vector products. Used to decide when to lower the learning rate.
import torch
import torch.nn as nn
import torch.nn.functional as F


def make_picker(n_cls=3, width=16):
    return nn.Sequential(
        nn.Conv1d(3, width, 7, padding=3),   # 0
        nn.GroupNorm(4, width),              # 1
        nn.ReLU6(),                          # 2
        nn.Conv1d(width, width, 5, padding=2),  # 3
        nn.Conv1d(width, width, 5, padding=2),  # 4  <- probed layer
        nn.Tanh(),                           # 5
        nn.AdaptiveAvgPool1d(8),             # 6
        nn.Flatten(),                        # 7
        nn.Linear(width * 8, n_cls),         # 8
        nn.LogSoftmax(dim=-1),               # 9
    )


def top_eigenvalue(model, layer_idx, x, y, iters=3):
    w = model[layer_idx].weight
    loss = F.nll_loss(model(x), y)
    (g,) = torch.autograd.grad(loss, w, create_graph=True)
    v = torch.randn_like(w)
    v = v / v.norm()
    eig = torch.tensor(0.0)
    for _ in range(iters):
        (hv,) = torch.autograd.grad(g, w, grad_outputs=v, retain_graph=True)
        eig = (hv * v).sum()
        v = hv / (hv.norm() + 1e-12)
    return eig.item()


picker = make_picker()
opt = torch.optim.SGD(picker.parameters(), lr=0.1)
for epoch in range(2):
    x = torch.randn(8, 3, 64)
    y = torch.randint(0, 3, (8,))
    loss = F.nll_loss(picker(x), y)
    opt.zero_grad(); loss.backward(); opt.step()
    lam = top_eigenvalue(picker, 4, x, y)
    if lam > 2.0 / opt.param_groups[0]["lr"]:
        for g in opt.param_groups:
            g["lr"] *= 0.5
    print(epoch, loss.item(), lam)
