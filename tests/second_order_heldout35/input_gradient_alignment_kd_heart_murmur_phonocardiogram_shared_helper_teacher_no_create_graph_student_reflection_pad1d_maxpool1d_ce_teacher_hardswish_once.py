"""Knowledge distillation for heart-murmur detection from phonocardiogram snippets, with input-gradient
alignment: the student's saliency d CE / d x is pulled towards the (frozen) teacher's.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Teacher(nn.Module):
    def __init__(self, n_cls=3):
        super().__init__()
        self.conv1 = nn.Conv1d(1, 16, 7, padding=3)
        self.act = nn.Hardswish()
        self.conv2 = nn.Conv1d(16, 16, 5, padding=2)
        self.fc = nn.Linear(16, n_cls)

    def forward(self, x):
        h = self.act(self.conv1(x))
        h = self.act(self.conv2(h))
        return self.fc(h.mean(-1))


class Student(nn.Module):
    def __init__(self, n_cls=3):
        super().__init__()
        self.pad = nn.ReflectionPad1d(2)
        self.conv = nn.Conv1d(1, 8, 5)
        self.pool = nn.MaxPool1d(2)
        self.fc = nn.Linear(8, n_cls)

    def forward(self, x):
        h = self.pool(torch.tanh(self.conv(self.pad(x))))
        return self.fc(h.mean(-1))


def saliency(model, x, y, keep_graph):
    x = x.detach().requires_grad_(True)
    loss = F.cross_entropy(model(x), y)
    (g,) = torch.autograd.grad(loss, x, create_graph=keep_graph)
    return g


def distill_step(student, teacher, opt, x, y, tau=2.0, lam=5.0):
    with torch.no_grad():
        t_logits = teacher(x)
    t_sal = saliency(teacher, x, y, keep_graph=False)
    s_sal = saliency(student, x, y, keep_graph=True)
    s_logits = student(x)
    kd = F.mse_loss(F.softmax(s_logits / tau, -1), F.softmax(t_logits / tau, -1))
    ce = F.cross_entropy(s_logits, y)
    align = 1 - F.cosine_similarity(s_sal.flatten(1), t_sal.flatten(1), dim=1).mean()
    loss = ce + kd + lam * align
    opt.zero_grad()
    loss.backward()
    opt.step()
    return ce.item(), align.item()


def main():
    torch.manual_seed(0)
    teacher, student = Teacher().eval(), Student()
    for p in teacher.parameters():
        p.requires_grad_(False)
    opt = torch.optim.Adam(student.parameters(), lr=1e-3)
    for step in range(3):
        x = torch.randn(8, 1, 128)
        y = torch.randint(0, 3, (8,))
        print(step, distill_step(student, teacher, opt, x, y))


if __name__ == "__main__":
    main()
