# Test-time adaptation (TENT, Wang et al. 2021) of a vine-row / inter-row / canopy-gap classifier
# for drone crops, when morning fog shifts the image statistics.  Only the BatchNorm affine
# parameters are adapted by entropy minimisation.  The "meta" variant (differentiating through the
# adaptation step) exists in the code but is switched off in this configuration.
import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {
    "classes": 3,
    "adapt_steps": 2,
    "adapt_lr": 1e-3,
    "meta_tent": False,
    "source_steps": 3,
}


class RowNet(nn.Module):
    def __init__(self, classes, ch=12):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, ch, 3, padding=1), nn.BatchNorm2d(ch), nn.Hardswish(), nn.MaxPool2d(2),
            nn.Conv2d(ch, 2 * ch, 3, padding=1), nn.BatchNorm2d(2 * ch), nn.Hardswish(), nn.MaxPool2d(2),
        )
        self.fc = nn.Linear(2 * ch * 4 * 4, classes)

    def forward(self, x):
        return self.fc(self.features(x).flatten(1))


def drone_crops(n, fog=0.0):
    label = torch.randint(0, 3, (n,))
    xx = torch.linspace(0, 1, 16).view(1, 1, 16).expand(n, 16, 16)
    rows = torch.sin(2 * torch.pi * (3 + label.view(n, 1, 1)) * xx)
    green = 0.5 + 0.4 * rows
    img = torch.stack([0.3 * green, green, 0.2 * green], 1) + 0.05 * torch.randn(n, 3, 16, 16)
    return (1 - fog) * img + fog * 0.8, label


def softmax_entropy(logits):
    return -(F.softmax(logits, dim=1) * F.log_softmax(logits, dim=1)).sum(1)


def bn_affine_params(model):
    params = []
    for m in model.modules():
        if isinstance(m, nn.BatchNorm2d):
            m.requires_grad_(True)
            params += [m.weight, m.bias]
        else:
            for p in m.parameters(recurse=False):
                p.requires_grad_(False)
    return params


def tent_adapt(model, x, cfg):
    model.train()
    params = bn_affine_params(model)
    for _ in range(cfg["adapt_steps"]):
        ent = softmax_entropy(model(x)).mean()
        grads = torch.autograd.grad(ent, params, create_graph=cfg["meta_tent"])
        with torch.no_grad():
            for p, g in zip(params, grads):
                p.sub_(cfg["adapt_lr"] * g)
    return ent.item()


def main(cfg=CFG):
    torch.manual_seed(0)
    model = RowNet(cfg["classes"])
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for _ in range(cfg["source_steps"]):
        x, y = drone_crops(16)
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    x_fog, y_fog = drone_crops(32, fog=0.4)
    ent = tent_adapt(model, x_fog, cfg)
    model.eval()
    with torch.no_grad():
        acc = (model(x_fog).argmax(1) == y_fog).float().mean()
    print(f"source loss {loss.item():.3f}, entropy after TENT {ent:.3f}, foggy accuracy {acc.item():.2f}")


if __name__ == "__main__":
    main()
