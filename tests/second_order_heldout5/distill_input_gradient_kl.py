"""Knowledge distillation with an input-gradient penalty on the distillation loss ("double backprop" on
the KL term): the student's temperature-scaled KL to a frozen teacher is differentiated w.r.t. the input
with create_graph=True and its norm is added to the student loss."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def teacher_net(num_classes=10):
    return nn.Sequential(
        nn.Conv2d(3, 64, 3, padding=1), nn.BatchNorm2d(64), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(64, 128, 3, padding=1), nn.BatchNorm2d(128), nn.ReLU(), nn.MaxPool2d(2),
        nn.Flatten(), nn.Linear(128 * 8 * 8, num_classes),
    )


class Student(nn.Module):
    def __init__(self, num_classes=10, width=32):
        super().__init__()
        self.conv1 = nn.Conv2d(3, width, 3, stride=2, padding=1)
        self.conv2 = nn.Conv2d(width, 2 * width, 3, stride=2, padding=1)
        self.fc = nn.Linear(2 * width, num_classes)

    def forward(self, x):
        h = F.leaky_relu(self.conv1(x), 0.1)
        h = F.leaky_relu(self.conv2(h), 0.1)
        return self.fc(h.mean(dim=(2, 3)))


class DistillLoss(nn.Module):
    def __init__(self, T=4.0):
        super().__init__()
        self.T = T
        self.kl = nn.KLDivLoss(reduction="batchmean")

    def forward(self, student_logits, teacher_logits):
        log_p = F.log_softmax(student_logits / self.T, dim=1)
        q = F.softmax(teacher_logits / self.T, dim=1)
        return self.kl(log_p, q) * self.T ** 2


def train(teacher, loader, epochs=30, alpha=0.9, grad_reg=0.1):
    student = Student()
    teacher.eval()
    distill = DistillLoss()
    opt = torch.optim.SGD(student.parameters(), lr=0.05, momentum=0.9, nesterov=True)
    for _ in range(epochs):
        for x, y in loader:
            with torch.no_grad():
                t_logits = teacher(x)
            x = x.clone().requires_grad_(True)
            s_logits = student(x)
            kd = distill(s_logits, t_logits)
            g, = torch.autograd.grad(kd, x, create_graph=True)
            loss = alpha * kd + (1 - alpha) * F.cross_entropy(s_logits, y) + grad_reg * g.pow(2).sum(dim=(1, 2, 3)).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
    return student
