import copy
import logging

import torch

from config import Settings
from nets import CurrentStudent, CurrentTeacher
from objectives import fault_loss, teacher_targets

log = logging.getLogger("carousel_faults")


def motor_windows(s, gen):
    labels = (torch.rand(s.batch, s.n_faults, generator=gen) < 0.3).float()
    t = torch.linspace(0, 1, s.window)
    base = torch.sin(2 * 3.1416 * 8 * t).expand(s.batch, -1).clone()
    base += labels[:, :1] * 0.3 * torch.sin(2 * 3.1416 * 23 * t)
    base += labels[:, 1:2] * 0.2 * (torch.rand(s.batch, s.window, generator=gen) > 0.9).float()
    base *= 1 + 0.2 * labels[:, 2:3]
    return (base + 0.05 * torch.randn(s.batch, s.window, generator=gen)).unsqueeze(1), labels


def main():
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    s = Settings()
    gen = torch.Generator().manual_seed(8)
    student = CurrentStudent(s)
    teacher = CurrentTeacher(s)
    ema = copy.deepcopy(student)
    opt = torch.optim.Adam(list(student.parameters()) + list(teacher.parameters()), lr=s.lr)
    for step in range(s.steps):
        current, labels = motor_windows(s, gen)
        soft, conf = teacher_targets(teacher, current)
        with torch.no_grad():
            for pe, ps in zip(ema.parameters(), student.parameters()):
                pe.mul_(s.ema_decay).add_(ps, alpha=1 - s.ema_decay)
            with torch.enable_grad():
                x = current.clone().requires_grad_(True)
                task = fault_loss(student(x), labels)
                with torch.set_grad_enabled(s.track_saliency):
                    (sal,) = torch.autograd.grad(task, x, create_graph=s.track_saliency)
                    saliency = sal.pow(2).sum(dim=(1, 2)).mean()
        distill = ((torch.sigmoid(student(current)) - soft).pow(2).mean(-1) * conf).mean()
        loss = task + s.saliency_weight * saliency + s.distill_weight * distill
        teacher_loss = fault_loss(teacher(current), labels)
        opt.zero_grad()
        (loss + teacher_loss).backward()
        opt.step()
        log.info("step %d task %.4f saliency %.3e distill %.4f", step, task.item(), saliency.item(), distill.item())
    assert saliency.requires_grad and student.conv.weight.grad is not None
    with torch.inference_mode():
        ema_acc = ((ema(current) > 0).float() == labels).float().mean()
    log.info("ema accuracy %.3f", ema_acc.item())


if __name__ == "__main__":
    main()
