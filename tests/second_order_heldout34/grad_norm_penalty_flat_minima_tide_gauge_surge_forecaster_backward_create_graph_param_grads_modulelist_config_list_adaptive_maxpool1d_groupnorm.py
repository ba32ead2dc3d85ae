"""Storm-surge forecaster from tide-gauge windows trained with a gradient-norm penalty (flat minima):
loss.backward(create_graph=True), then the norm of the parameter gradients is backpropagated again."""
import torch
import torch.nn as nn
import torch.nn.functional as F

LAYERS = [
    {"kind": "conv", "out": 6, "k": 3},
    {"kind": "pool", "size": 8},
    {"kind": "conv", "out": 8, "k": 3},
    {"kind": "norm", "groups": 2},
    {"kind": "pool", "size": 4},
]
PENALTY = 0.1


def make_layer(spec, in_ch):
    if spec["kind"] == "conv":
        return nn.Conv1d(in_ch, spec["out"], spec["k"], padding=spec["k"] // 2), spec["out"]
    if spec["kind"] == "norm":
        return nn.GroupNorm(spec["groups"], in_ch), in_ch
    return nn.AdaptiveMaxPool1d(spec["size"]), in_ch


class SurgeNet(nn.Module):
    def __init__(self, layer_specs=LAYERS, in_ch=1, horizon=3):
        super().__init__()
        built, ch = [], in_ch
        for spec in layer_specs:
            layer, ch = make_layer(spec, ch)
            built.append(layer)
        self.features = nn.ModuleList([layer for layer in built])
        self.head = nn.Linear(ch * layer_specs[-1]["size"], horizon)

    def forward(self, x):
        h = x.unsqueeze(1)
        for layer in self.features:
            h = layer(h)
            if isinstance(layer, nn.Conv1d):
                h = F.leaky_relu(h, 0.1)
        return self.head(h.flatten(1))


def train(epochs=3):
    torch.manual_seed(0)
    model = SurgeNet()
    opt = torch.optim.SGD(model.parameters(), lr=1e-2, momentum=0.9)
    levels = torch.randn(24, 20).cumsum(-1) * 0.1
    target = levels[:, -3:] + 0.05 * torch.randn(24, 3)
    for epoch in range(epochs):
        opt.zero_grad()
        loss = F.mse_loss(model(levels), target)
        loss.backward(create_graph=True)
        grad_norm = torch.sqrt(sum(p.grad.pow(2).sum() for p in model.parameters()))
        for p in model.parameters():
            p.grad = None
        (loss + PENALTY * grad_norm).backward()
        opt.step()
        print(epoch, loss.item(), grad_norm.item())


if __name__ == "__main__":
    train()
