"""Saliency-matching distillation for an airport baggage X-ray threat classifier.

A frozen teacher CNN (trained offline) supervises a compact student for the belt-side edge box. Besides the usual
temperature-scaled KD, the student's input gradient of the true-class log-probability is pulled towards the teacher's
(Jacobian matching, Srinivas & Fleuret 2018), which needs a double backward through the student.
"""
import argparse
import logging

import torch
import torch.nn.functional as F
from torch import nn

log = logging.getLogger("xray_kd")
CLASSES = ("benign", "blade", "firearm_part", "battery_pack", "liquid")


class TeacherNet(nn.Module):
    def __init__(self, n_classes, width=32):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(2, width, 3, padding=1), nn.BatchNorm2d(width), nn.ReLU6(),
            nn.Conv2d(width, 2 * width, 3, stride=2, padding=1), nn.BatchNorm2d(2 * width), nn.ReLU6(),
            nn.AdaptiveAvgPool2d(1),
        )
        self.classifier = nn.Linear(2 * width, n_classes)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))


class StudentNet(nn.Module):
    def __init__(self, n_classes, width=12):
        super().__init__()
        self.conv1 = nn.Conv2d(2, width, 3, padding=1)
        self.conv2 = nn.Conv2d(width, width, 3, stride=2, padding=1)
        self.act = nn.Hardswish()
        self.fc = nn.Linear(width, n_classes)

    def forward(self, x):
        h = self.act(self.conv1(x))
        h = self.act(self.conv2(h))
        return self.fc(h.mean(dim=(2, 3)))


def class_input_gradient(model, x, y, create_graph):
    """Logits and d log p(y|x) / dx for a batch of dual-energy scans."""
    x = x.detach().requires_grad_(True)
    logits = model(x)
    logp = F.log_softmax(logits, dim=1)
    picked = logp.gather(1, y[:, None]).sum()
    (grad_x,) = torch.autograd.grad(picked, x, create_graph=create_graph)
    return logits, grad_x


def saliency_match_loss(g_student, g_teacher):
    s = F.normalize(g_student.flatten(1), dim=1)
    t = F.normalize(g_teacher.flatten(1), dim=1)
    return (s - t).pow(2).sum(dim=1).mean()


def kd_loss(s_logits, t_logits, temperature):
    log_p_s = F.log_softmax(s_logits / temperature, dim=1)
    p_t = F.softmax(t_logits / temperature, dim=1)
    return F.kl_div(log_p_s, p_t, reduction="batchmean") * temperature ** 2


def fake_scans(n, size, gen):
    """Two channels (low / high energy attenuation) with a bright rectangular object for non-benign classes."""
    y = torch.randint(0, len(CLASSES), (n,), generator=gen)
    x = 0.1 * torch.rand(n, 2, size, size, generator=gen)
    for i in range(n):
        if y[i] > 0:
            r, c = torch.randint(2, size - 6, (2,), generator=gen).tolist()
            x[i, :, r:r + 4, c:c + 2 + int(y[i])] += torch.tensor([0.6, 0.3 + 0.1 * y[i].item()]).view(2, 1, 1)
    return x, y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--size", type=int, default=16)
    ap.add_argument("--temperature", type=float, default=4.0)
    ap.add_argument("--alpha-kd", type=float, default=0.7)
    ap.add_argument("--beta-jac", type=float, default=5.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)

    teacher = TeacherNet(len(CLASSES)).eval()
    teacher.requires_grad_(False)  # frozen: the checkpoint would be loaded here
    student = StudentNet(len(CLASSES))
    opt = torch.optim.AdamW(student.parameters(), lr=1e-3, weight_decay=1e-4)

    for step in range(args.steps):
        x, y = fake_scans(args.batch, args.size, gen)
        # teacher saliency: first order only, then cut from the graph
        t_logits, g_teacher = class_input_gradient(teacher, x, y, create_graph=False)
        g_teacher = g_teacher.detach()
        t_logits = t_logits.detach()
        # student saliency keeps its graph, so the matching loss can be differentiated w.r.t. the student
        s_logits, g_student = class_input_gradient(student, x, y, create_graph=True)

        task = F.cross_entropy(s_logits, y)
        kd = kd_loss(s_logits, t_logits, args.temperature)
        jac = saliency_match_loss(g_student, g_teacher)
        loss = (1 - args.alpha_kd) * task + args.alpha_kd * kd + args.beta_jac * jac
        if step == 0:
            # the Jacobian term alone must reach the first conv (through the double backward)
            (g_jac,) = torch.autograd.grad(jac, student.conv1.weight, retain_graph=True)
            assert g_jac.abs().sum() > 0
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        log.info("step %d task %.4f kd %.4f jac %.4f", step, task.item(), kd.item(), jac.item())


if __name__ == "__main__":
    main()
