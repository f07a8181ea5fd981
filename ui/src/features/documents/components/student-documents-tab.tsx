import { useRef } from 'react';
import { Alert, Button, Empty, List, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined, FileOutlined, UploadOutlined } from '@ant-design/icons';
import { serverMessageOr } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { formatListDate } from '../../../lib/format-date-time.ts';
import { documentDownloadUrl, useStudentDocuments } from '../api/get-student-documents.ts';
import { documentProblem, useUploadDocument } from '../api/upload-document.ts';
import { useDeleteDocument } from '../api/delete-document.ts';

const ACCEPT = '.pdf,.doc,.docx,.png,.jpg,.jpeg,.gif,.webp,application/pdf,image/*,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const TYPE_COLORS: Record<string, string> = { PDF: 'red', Image: 'blue', Word: 'geekblue' };

/** The student's documents; `canChange` (the owner and co-teachers) adds the Upload Document and Delete buttons. */
export function StudentDocumentsTab({ studentId, canChange }: { studentId: string; canChange: boolean }) {
  const documents = useStudentDocuments(studentId);
  const upload = useUploadDocument();
  const remove = useDeleteDocument();

  const onDelete = (documentId: string) =>
    remove.mutate(
      { studentId, documentId },
      {
        onSuccess: () => toast({ title: 'Document Deleted', description: 'The document has been deleted.' }),
        onError: (error) =>
          toast({
            title: 'Delete Failed',
            description: serverMessageOr(error, 'Failed to delete the document. Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  const input = useRef<HTMLInputElement>(null);

  const onFile = (file: File | undefined) => {
    if (input.current) input.current.value = ''; // the same file can be chosen again
    if (!file) return;
    const problem = documentProblem(file);
    if (problem) {
      toast({ title: 'Upload Failed', description: problem, variant: 'destructive' });
      return;
    }
    upload.mutate(
      { studentId, file },
      {
        onSuccess: () => toast({ title: 'Document Uploaded', description: 'The document has been uploaded.' }),
        onError: (error) =>
          toast({
            title: 'Upload Failed',
            description: serverMessageOr(error, 'Failed to upload the document. Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <div>
      {canChange && (
        <div className="no-print" style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 16 }}>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            hidden
            data-testid="document-file-input"
            onChange={(event) => onFile(event.target.files?.[0])}
          />
          <Button type="primary" icon={<UploadOutlined />} loading={upload.isPending} onClick={() => input.current?.click()}>
            Upload Document
          </Button>
        </div>
      )}
      {documents.isPending ? (
        <Skeleton active />
      ) : documents.isError ? (
        <Alert type="error" showIcon title={documents.error.message} />
      ) : documents.data.length === 0 ? (
        <Empty description="No documents uploaded yet" />
      ) : (
        <List
          bordered
          dataSource={documents.data}
          renderItem={(document) => (
            <List.Item
              actions={[
                <a
                  key="download"
                  href={documentDownloadUrl(document.id)}
                  download={document.name}
                  aria-label={`Download ${document.name}`}
                  title="Download"
                >
                  <DownloadOutlined />
                </a>,
                ...(canChange
                  ? [
                      <Popconfirm
                        key="delete"
                        title="Delete this document?"
                        description={
                          <span style={{ display: 'block', maxWidth: 300, overflowWrap: 'anywhere' }}>
                            {document.name} will be deleted for everyone who can see this student. This cannot be undone.
                          </span>
                        }
                        okText="Delete Document"
                        okButtonProps={{ danger: true }}
                        cancelText="Cancel"
                        onConfirm={() => onDelete(document.id)}
                      >
                        <Button
                          type="text"
                          danger
                          size="small"
                          icon={<DeleteOutlined />}
                          aria-label={`Delete ${document.name}`}
                          title="Delete"
                          loading={remove.isPending && remove.variables.documentId === document.id}
                        />
                      </Popconfirm>,
                    ]
                  : []),
              ]}
            >
              <List.Item.Meta
                avatar={<FileOutlined style={{ fontSize: 20 }} />}
                title={<Typography.Text style={{ wordBreak: 'break-all' }}>{document.name}</Typography.Text>}
                description={
                  <>
                    Added: {formatListDate(document.createdAt)}{' '}
                    <Tag color={TYPE_COLORS[document.type] ?? 'default'}>{document.type}</Tag>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
