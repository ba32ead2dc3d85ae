"""Data-free knowledge distillation (DeepInversion, Yin et al. 2020) for an aircraft
rivet-head corrosion classifier (ok / pitting / exfoliation), 16x16 grey close-ups.

1. Synthesise inputs from the frozen teacher: optimise pixels so that batch statistics at
   every BatchNorm (collected with forward hooks) match the running statistics, plus CE to
   chosen targets. 2. Distil a small student on the synthetic batch with KL.
All gradients are first order (w.r.t. pixels, then w.r.t. student weights).
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

N_CLASSES = 3


def conv_bn(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.Hardswish(), nn.MaxPool2d(2))


class RivetTeacher(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(conv_bn(1, 16), conv_bn(16, 32))
        self.fc = nn.Linear(32 * 4 * 4, N_CLASSES)

    def forward(self, x):
        return self.fc(self.features(x).flatten(1))


class RivetStudent(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(4), nn.Flatten(),
                                 nn.Linear(8 * 4 * 4, N_CLASSES))

    def forward(self, x):
        return self.net(x)


class BNStatHook:
    def __init__(self, bn):
        self.loss = torch.zeros(())
        self.handle = bn.register_forward_hook(self.hook)

    def hook(self, module, inputs, output):
        x = inputs[0]
        mean = x.mean(dim=(0, 2, 3))
        var = x.var(dim=(0, 2, 3), unbiased=False)
        self.loss = (mean - module.running_mean).norm() + (var - module.running_var).norm()


def warm_up_teacher(teacher, steps=3):
    # stand-in for the real pre-trained checkpoint: a few steps on toy rivet images
    opt = torch.optim.SGD(teacher.parameters(), lr=0.05)
    for _ in range(steps):
        y = torch.randint(0, N_CLASSES, (32,))
        x = torch.randn(32, 1, 16, 16) * 0.2 + y.view(-1, 1, 1, 1).float() * 0.3
        loss = F.cross_entropy(teacher(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    teacher.eval()
    for p in teacher.parameters():
        p.requires_grad_(False)


def synthesise(teacher, hooks, n=24, iters=4, bn_weight=0.05):
    targets = torch.arange(n) % N_CLASSES
    inputs = torch.randn(n, 1, 16, 16, requires_grad=True)
    opt = torch.optim.Adam([inputs], lr=0.1)
    for _ in range(iters):
        jitter = torch.randint(-1, 2, (2,)).tolist()
        logits = teacher(torch.roll(inputs, shifts=jitter, dims=(2, 3)))
        loss = F.cross_entropy(logits, targets) + bn_weight * sum(h.loss for h in hooks)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return inputs.detach()


def distil(teacher, student, x, T=4.0, steps=3):
    opt = torch.optim.Adam(student.parameters(), lr=1e-3)
    with torch.no_grad():
        soft = F.softmax(teacher(x) / T, dim=-1)
    for _ in range(steps):
        loss = F.kl_div(F.log_softmax(student(x) / T, dim=-1), soft, reduction="batchmean") * T * T
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


if __name__ == "__main__":
    torch.manual_seed(0)
    teacher, student = RivetTeacher(), RivetStudent()
    warm_up_teacher(teacher)
    hooks = [BNStatHook(m) for m in teacher.modules() if isinstance(m, nn.BatchNorm2d)]
    for rnd in range(2):
        synthetic = synthesise(teacher, hooks)
        print(f"round {rnd} student KD loss {distil(teacher, student, synthetic):.4f}")
