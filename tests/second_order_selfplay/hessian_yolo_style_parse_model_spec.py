"""Sharpness (input-Hessian trace through double backprop) of a model built YOLO-style from a list spec by a
`parse_model` loop, each row naming a layer kind and its argument."""
import torch
import torch.nn as nn

ACTS = {
    "hswish": nn.Hardswish,
    "relu6": nn.ReLU6,
    "elu": nn.ELU,
    "prelu": nn.PReLU,
}

SPEC = [
    ("linear", 48),
    ("act", "hswish"),
    ("linear", 48),
    ("act", "relu6"),
    ("pool", 2),
    ("linear", 1),
]


def parse_model(spec, d_in=16):
    layers, d = [], d_in
    for kind, arg in spec:
        if kind == "linear":
            layers.append(nn.Linear(d, arg))
            d = arg
        elif kind == "act":
            layers.append(ACTS[arg]())
        elif kind == "pool":
            layers.append(nn.AvgPool1d(arg))
            d = d // arg
    return nn.Sequential(*layers)


model = parse_model(SPEC)
opt = torch.optim.SGD(model.parameters(), lr=1e-2)
for step in range(2):
    x = torch.randn(32, 16).requires_grad_(True)
    y = torch.randn(32, 1)
    loss = (model(x) - y).pow(2).mean()
    (gx,) = torch.autograd.grad(loss, x, create_graph=True)
    v = torch.randn_like(x)
    (hv,) = torch.autograd.grad((gx * v).sum(), x, create_graph=True)
    total = loss + 1e-3 * (hv * v).sum(dim=1).mean()
    opt.zero_grad()
    total.backward()
    opt.step()
